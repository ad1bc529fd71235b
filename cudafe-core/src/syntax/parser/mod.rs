//! The parser: C++17/20 with GNU and CUDA extensions, recursive descent over the token
//! vector, declaring entities and looking names up as it goes.
//!
//! Ambiguities are settled the way compilers settle them: by what names denote (lookup), and
//! where that is not enough, by a tentative parse that has no side effects (`T(x);` is a
//! declaration, `T(x).f();` an expression). Member function bodies and constructor
//! initializers are parsed after their outermost class is complete, as the language
//! requires. A construct that cannot be parsed is skipped to a safe point — the next `;` or
//! the `}` that closes it — and recorded as a [`Recovery`]; parsing goes on.
//!
//! The parser never recurses without bound: nesting deeper than [`MAX_DEPTH`] is reported
//! and skipped. Nor does it work without bound: past a budget of steps proportional to the
//! input ([`STEPS_PER_TOKEN`]) it gives up.

mod attr;
mod class;
mod decl;
mod expr;
mod names;
mod stmt;

use crate::intern::{Interner, Symbol};
use crate::lexer::{Keyword, Punct, Token, TokenFlags, TokenKind};
use crate::sema::{ScopeId, ScopeKind, Sema};
use crate::source_map::{SourceMap, Span};
use crate::syntax::ast::{
    BaseProblem, Decl, DeclKind, Feature, FeatureUse, Recovery, TranslationUnit,
};

/// How deep the syntax tree may nest. The parser counts its recursion in steps of
/// [`DEPTH_STEP`] and each link of a left-associative chain (`a + b + ...`, `f()()...`,
/// `a, b, ...`), which nests the tree one level deeper without recursing, as one; the sum
/// stays below this, so the walks over the tree recurse at most this deep.
///
/// That allows 65,536 steps of recursion, and each nesting level of the source takes one to
/// seven (ten thousand nested parentheses take 20,000; nested `sizeof(new int[...])`,
/// 60,000); and chains of up to 262,144 operators.
///
/// The parser also stops where the thread's stack would run out first (a debug build's
/// frames are several times larger); either way the construct is skipped with a recovery
/// whose message starts with [`TOO_DEEP`], which cudafe reports as the catastrophe `program
/// too large or complicated to compile`.
pub const MAX_DEPTH: u32 = 1 << 18;

/// What a step of the parser's recursion counts towards [`MAX_DEPTH`].
pub const DEPTH_STEP: u32 = 4;

/// The start of a recovery's message when the input nests too deep.
pub const TOO_DEEP: &str = "nesting too deep";

/// How many constructs may be completed with an error at the end of the input
/// ([`Parser::eof_continue`]).
const EOF_BUDGET: u32 = 256;

/// How many steps of recursion (into a declaration, statement, expression, declarator or
/// template argument list) the parser may take, tentative parses included: this many for
/// every token, and [`STEP_ALLOWANCE`] more. Real code takes less than one step a token (the
/// CUDA and C++ standard headers: 0.5; ten thousand nested template argument lists: 3), but
/// trying alternatives where nested constructs are each read more than once is exponential
/// in their nesting (lambdas in `decltype` in template arguments, 20 deep, would take
/// hours). Past the budget the parser gives up as it does on nesting too deep
/// ([`TOO_DEEP`]): `program too large or complicated to compile`.
pub const STEPS_PER_TOKEN: u64 = 64;

/// The steps the parser may take on top of [`STEPS_PER_TOKEN`] for each token (a few
/// seconds' work in a debug build).
pub const STEP_ALLOWANCE: u64 = 1 << 20;

/// Stack the parser leaves unused below its deepest frame when it checks the depth: room
/// for the frames between two checks (tens of kilobytes in a debug build) and more.
const STACK_RED_ZONE: usize = 1 << 20;

/// The language the parser accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseOptions {
    /// `__cplusplus / 100 % 100`-style year: 11, 14, 17, 20, 23.
    pub cxx: u32,
    pub gnu: bool,
    /// Clang emulation (`--clang`): Clang's builtin templates (`__make_integer_seq`,
    /// `__type_pack_element`) are predeclared, as libstdc++ uses them under Clang.
    pub clang: bool,
    /// Skip (match the braces of, without parsing) function bodies in system headers that
    /// hold nothing the later stages look at: no lambda, no kernel launch, no attribute, no
    /// pragma, and no name that a device-side entity (a `__device__` or `__global__`
    /// function, a device, constant, shared or managed variable) declared so far bears.
    /// Such a body cannot change the host file, the stub file, the module id or a
    /// diagnostic; half of a CUDA unit's tokens are in them. Off, every body is parsed
    /// (`cudafe --parse_all_bodies`; the header tests use it to parse every body).
    pub lazy_system_bodies: bool,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            cxx: 17,
            gnu: true,
            clang: false,
            lazy_system_bodies: false,
        }
    }
}

/// Why a parse attempt failed (the message of a [`Recovery`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub at: Span,
    pub what: String,
    /// The punctuator that was expected, when that is what went wrong.
    pub expected: Option<Punct>,
    /// A base-specifier that names no class made the parse fail (see
    /// [`crate::syntax::ast::Recovery::base`]): the recovery skips to the `;` after the
    /// class.
    pub base: Option<Box<BaseProblem>>,
}

pub type PResult<T> = Result<T, ParseError>;

/// Symbols the parser compares against often.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Known {
    pub final_: Symbol,
    pub override_: Symbol,
    pub pragma_op: Symbol,
    pub offsetof: Symbol,
    pub va_arg: Symbol,
    pub bit_cast: Symbol,
    pub declspec: Symbol,
    pub nv_register_params: Symbol,
    /// The attribute name it becomes.
    pub nv_register_params_attr: Symbol,
    pub noinline_kw: Symbol,
    pub noinline_attr: Symbol,
    /// Attribute names (as [`crate::syntax::ast::Attribute::name`] keeps them).
    pub host: Symbol,
    pub device: Symbol,
    pub global: Symbol,
    pub shared: Symbol,
    pub constant: Symbol,
    pub managed: Symbol,
}

impl Known {
    fn new(i: &mut Interner) -> Known {
        Known {
            final_: i.intern(b"final"),
            override_: i.intern(b"override"),
            pragma_op: i.intern(b"_Pragma"),
            offsetof: i.intern(b"__builtin_offsetof"),
            va_arg: i.intern(b"__builtin_va_arg"),
            bit_cast: i.intern(b"__builtin_bit_cast"),
            declspec: i.intern(b"__declspec"),
            nv_register_params: i.intern(b"__nv_register_params__"),
            nv_register_params_attr: i.intern(b"nv_register_params"),
            noinline_kw: i.intern(b"__noinline__"),
            noinline_attr: i.intern(b"noinline"),
            host: i.intern(b"host"),
            device: i.intern(b"device"),
            global: i.intern(b"global"),
            shared: i.intern(b"shared"),
            constant: i.intern(b"constant"),
            managed: i.intern(b"managed"),
        }
    }
}

/// A saved parser position, for tentative parsing.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mark {
    pos: usize,
    split: Option<Token>,
    recoveries: usize,
    features: usize,
}

/// The parser's state.
pub struct Parser<'a> {
    pub(crate) map: &'a SourceMap,
    /// The tokens. Each identifier keeps its interned name in [`Token::extra`]; each `(`,
    /// `[` and `{` the index of the token that closes it, counting brackets of its own kind
    /// only (`u32::MAX` where none does): skipping a balanced group is then one step,
    /// however often it is skipped.
    toks: Vec<Token>,
    /// `#pragma` lines, in order, and how many have been handed out as declarations or
    /// statements.
    pragmas: Vec<Token>,
    next_pragma: usize,
    pos: usize,
    /// The second half of a `>>` (or `>=`, `>>=`) split by a closing template bracket.
    split: Option<Token>,
    pub interner: Interner,
    pub sema: Sema,
    pub(crate) scope: ScopeId,
    /// Inside a tentative parse: no entity is declared and failures are not recorded.
    pub(crate) tentative: u32,
    recoveries: Vec<Recovery>,
    /// Constructs of a later standard met so far ([`TranslationUnit::features`]).
    features: Vec<FeatureUse>,
    /// How many more constructs may be completed at the end of the input with an error
    /// instead of failing ([`Parser::eof_continue`]).
    eof_budget: u32,
    depth: u32,
    /// The deepest [`Parser::depth`] reached.
    max_depth: u32,
    /// Steps of recursion taken, and how many may be ([`STEPS_PER_TOKEN`]).
    steps: u64,
    step_budget: u64,
    /// The lowest stack address the parser may reach (0 when unknown).
    stack_floor: usize,
    pub(crate) opts: ParseOptions,
    pub(crate) known: Known,
    /// Classes being defined, innermost last (for constructor names and late bodies).
    pub(crate) classes: Vec<class::ClassCtx>,
    /// Inside template argument lists at this nesting: `>` closes them.
    pub(crate) angle_depth: u32,
    /// Inside a kernel launch's `<<< >>>`: a `>>` followed by `>` closes it.
    pub(crate) in_launch_config: u32,
    /// Member function bodies waiting for their class to be complete.
    pub(crate) late: Vec<Option<class::LateBody>>,
    /// The template heads around the current declaration: `true` for `template <>`.
    pub(crate) template_heads: Vec<bool>,
    /// Undeclared names used as values in blocks, with the scope of the use: EDG enters
    /// such a name there when it reports it, so a later `name x;` in that scope is an
    /// expression, not a declaration with an undefined type.
    pub(crate) undeclared_values: Vec<(ScopeId, Symbol, Span)>,
    /// For each name and scope in [`Parser::undeclared_values`], its first entry there.
    pub(crate) undeclared_first: crate::intern::FxHashMap<(ScopeId, Symbol), usize>,
    /// How many of [`Parser::undeclared_values`] failed statements have reported.
    pub(crate) undeclared_reported: usize,
    /// Overload keys of declared functions (see [`Parser::signature_key`]).
    pub(crate) signatures: crate::intern::FxHashMap<crate::sema::EntityId, Vec<u8>>,
    /// The template arguments of explicit specializations of class templates as written,
    /// without whitespace (see [`Parser::args_key`]).
    pub(crate) explicit_specs: crate::intern::FxHashMap<crate::sema::EntityId, Box<[u8]>>,
    /// The functions whose bodies are being parsed, innermost last (`None` for lambdas).
    pub(crate) functions: Vec<Option<crate::sema::EntityId>>,
    /// Nesting of `extern "C"`.
    pub(crate) extern_c_depth: u32,
    /// The declaration follows `extern "C"` without braces (it is `extern`).
    pub(crate) linkage_extern_pending: bool,
    /// While parsing the rest of a declarator whose name is qualified (`A::f(...)`): the
    /// scope of `A`, where its parameter types are looked up.
    pub(crate) declarator_class_ctx: Option<ScopeId>,
    /// In a type-id where only a type can stand: unresolvable qualified names are types.
    pub(crate) dependent_types_ok: bool,
    /// Where [`Parser::decl_specifiers`] stopped after a class or enum definition, at a
    /// token that starts another declaration: the `;` after the definition is missing.
    pub(crate) semi_missing_at: Option<Span>,
    /// Qualified names already read at a position (see [`Parser::qualified_name`]).
    pub(crate) name_memo:
        crate::intern::FxHashMap<names::NameKey, (PResult<crate::syntax::ast::QualName>, Mark)>,
    pub(crate) name_memo_generation: u64,
    /// The names of device-side entities declared so far (see
    /// [`ParseOptions::lazy_system_bodies`]).
    pub(crate) device_names: crate::intern::FxHashSet<Symbol>,
    /// Those of them that name kernels or `__managed__` variables, which matter in
    /// device-side bodies too.
    pub(crate) kernel_names: crate::intern::FxHashSet<Symbol>,
}

/// The result of parsing a translation unit.
pub struct Parsed {
    pub unit: TranslationUnit,
    pub interner: Interner,
    pub sema: Sema,
}

/// The lexer's tokens made ready for the parser: directives dropped, `#pragma` lines set
/// aside, each identifier's interned name in [`Token::extra`]. Made from one run of the
/// lexer ([`ParserTokens::new`]) or from the two halves of a split text, prepared apart
/// (on two threads) and joined ([`ParserTokens::append`]): the symbols come out numbered
/// as one pass over the whole would number them.
pub struct ParserTokens {
    toks: Vec<Token>,
    pragmas: Vec<Token>,
    interner: Interner,
    /// The brackets not yet closed, by kind (`(`, `[`, `{`), innermost last.
    open: [Vec<u32>; 3],
    /// The closing brackets that close none of these tokens, by kind, in order.
    unopened: [Vec<u32>; 3],
}

impl ParserTokens {
    /// Prepares the tokens of a whole text, or of its first half.
    pub fn new(map: &SourceMap, toks: Vec<Token>) -> ParserTokens {
        let mut interner = Interner::new();
        // The parser's own names come first.
        Known::new(&mut interner);
        ParserTokens::with_interner(map, toks, interner)
    }

    /// Prepares the tokens of the second half of a text, to be appended to the first's.
    pub fn new_tail(map: &SourceMap, toks: Vec<Token>) -> ParserTokens {
        ParserTokens::with_interner(map, toks, Interner::new())
    }

    fn with_interner(
        map: &SourceMap,
        mut toks: Vec<Token>,
        mut interner: Interner,
    ) -> ParserTokens {
        let mut pragmas = Vec::new();
        toks.retain_mut(|t| match t.kind {
            TokenKind::Pragma => {
                pragmas.push(*t);
                false
            }
            TokenKind::Directive => false,
            TokenKind::Ident => {
                let sym = interner.intern(&t.name(map));
                t.set_extra(sym.0);
                true
            }
            _ => true,
        });
        let (open, unopened) = link_brackets(&mut toks);
        ParserTokens {
            toks,
            pragmas,
            interner,
            open,
            unopened,
        }
    }

    /// Appends the tokens of the text that follows (prepared by [`ParserTokens::new_tail`]).
    /// An `Eof` at the end of these tokens is dropped first.
    pub fn append(&mut self, mut tail: ParserTokens) {
        if self.toks.last().is_some_and(|t| t.kind == TokenKind::Eof) {
            self.toks.pop();
        }
        // The tail's symbols, in the order it met them, become ours.
        let remap: Vec<u32> = (0..tail.interner.len() as u32)
            .map(|i| self.interner.intern(tail.interner.bytes(Symbol(i))).0)
            .collect();
        let offset = self.toks.len() as u32;
        self.toks.extend(tail.toks.iter().map(|&t| {
            let mut t = t;
            match t.kind {
                TokenKind::Ident => t.set_extra(remap[t.extra() as usize]),
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace)
                    if t.extra() != u32::MAX =>
                {
                    t.set_extra(t.extra() + offset)
                }
                _ => {}
            }
            t
        }));
        // A closing bracket the tail could not match closes the innermost bracket left open
        // here, as one pass over the whole would have it.
        for k in 0..3 {
            for &close in &tail.unopened[k] {
                match self.open[k].pop() {
                    Some(o) => self.toks[o as usize].set_extra(close + offset),
                    None => self.unopened[k].push(close + offset),
                }
            }
            self.open[k].extend(tail.open[k].iter().map(|&o| o + offset));
        }
        self.pragmas.append(&mut tail.pragmas);
    }

    /// How many tokens there are.
    pub fn len(&self) -> usize {
        self.toks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.toks.is_empty()
    }

    /// The tokens, the `#pragma` lines and the names, for tests.
    #[cfg(test)]
    pub(crate) fn parts(&self) -> (&[Token], &[Token], &Interner) {
        (&self.toks, &self.pragmas, &self.interner)
    }
}

impl<'a> Parser<'a> {
    /// A parser over `tokens` (the lexer's output, filtered in place: pragmas are set aside,
    /// directives dropped).
    pub fn new(map: &'a SourceMap, toks: Vec<Token>, opts: ParseOptions) -> Parser<'a> {
        Parser::with_tokens(map, ParserTokens::new(map, toks), opts)
    }

    /// A parser over tokens already prepared.
    pub fn with_tokens(map: &'a SourceMap, tokens: ParserTokens, opts: ParseOptions) -> Parser<'a> {
        let ParserTokens {
            mut toks,
            pragmas,
            mut interner,
            ..
        } = tokens;
        let known = Known::new(&mut interner);
        if toks.last().is_none_or(|t| t.kind != TokenKind::Eof) {
            let end = map.text().len() as u32;
            toks.push(Token::new(
                TokenKind::Eof,
                Span::new(end, end),
                TokenFlags::empty(),
            ));
        }
        let step_budget = (toks.len() as u64)
            .saturating_mul(STEPS_PER_TOKEN)
            .saturating_add(STEP_ALLOWANCE);
        let mut sema = Sema::new();
        // About one entity per 10 tokens and one scope per 20 in real units (the C++ and
        // CUDA headers): room for them up front spares the tables' growth (copies, and
        // the old and new buffers both resident). Pages not used are never touched.
        sema.reserve(toks.len() / 8, toks.len() / 16);
        // Types the compiler predeclares.
        for name in [
            &b"__int128_t"[..],
            b"__uint128_t",
            b"__builtin_ms_va_list",
            b"__builtin_sysv_va_list",
            b"__NSConstantString",
        ] {
            let sym = interner.intern(name);
            sema.add_entity(
                crate::sema::EntityKind::Typedef,
                Some(sym),
                Sema::GLOBAL,
                Span::default(),
            );
        }
        if opts.clang {
            // Clang's builtin alias templates: `__make_integer_seq<S, T, N>` is
            // `S<T, 0, ..., N-1>`, `__type_pack_element<I, Ts...>` the I-th of Ts.
            for name in [&b"__make_integer_seq"[..], b"__type_pack_element"] {
                let sym = interner.intern(name);
                let id = sema.add_entity(
                    crate::sema::EntityKind::Typedef,
                    Some(sym),
                    Sema::GLOBAL,
                    Span::default(),
                );
                sema.entity_mut(id).is_template = true;
            }
        }
        Parser {
            map,
            toks,
            pragmas,
            next_pragma: 0,
            pos: 0,
            split: None,
            interner,
            sema,
            scope: Sema::GLOBAL,
            tentative: 0,
            recoveries: Vec::new(),
            features: Vec::new(),
            eof_budget: EOF_BUDGET,
            depth: 0,
            max_depth: 0,
            steps: 0,
            step_budget,
            stack_floor: crate::stack::floor(STACK_RED_ZONE),
            opts,
            known,
            classes: Vec::new(),
            angle_depth: 0,
            in_launch_config: 0,
            late: Vec::new(),
            template_heads: Vec::new(),
            undeclared_values: Vec::new(),
            undeclared_first: Default::default(),
            undeclared_reported: 0,
            signatures: Default::default(),
            explicit_specs: Default::default(),
            functions: Vec::new(),
            extern_c_depth: 0,
            linkage_extern_pending: false,
            declarator_class_ctx: None,
            semi_missing_at: None,
            dependent_types_ok: false,
            name_memo: Default::default(),
            name_memo_generation: u64::MAX,
            device_names: Default::default(),
            kernel_names: Default::default(),
        }
    }

    /// Parses the whole translation unit.
    pub fn parse(mut self) -> Parsed {
        if self.opts.cxx >= 20 {
            self.module_keywords_as_identifiers();
        }
        let mut decls = Vec::new();
        loop {
            self.take_pragmas(&mut decls);
            if self.at_eof() {
                break;
            }
            if self.at_punct(Punct::RBrace) {
                let t = self.bump();
                self.record(t.span, t.span, "unmatched `}`");
                continue;
            }
            let start = self.pos;
            decls.push(self.declaration_or_recover(DeclContext::Namespace));
            if self.pos == start {
                // Never loop without progress.
                let t = self.bump();
                self.record(t.span, t.span, "unexpected token");
            }
        }
        // Pragmas after the last token.
        self.take_pragmas(&mut decls);

        let last_token = self
            .toks
            .iter()
            .rev()
            .find(|t| t.kind != TokenKind::Eof)
            .map(|t| t.span.lo);
        Parsed {
            unit: TranslationUnit {
                decls,
                recoveries: self.recoveries,
                features: self.features,
                max_depth: self.max_depth,
                last_token,
            },
            interner: self.interner,
            sema: self.sema,
        }
    }

    // -----------------------------------------------------------------------------------
    // Tokens

    #[inline]
    pub(crate) fn peek(&self) -> Token {
        match self.split {
            Some(t) => t,
            None => self.toks[self.pos],
        }
    }

    /// The token `n` places ahead (0 is [`Parser::peek`]).
    #[inline]
    pub(crate) fn nth(&self, n: usize) -> Token {
        match (self.split, n) {
            (Some(t), 0) => t,
            (Some(_), n) => self.toks[(self.pos + n).min(self.toks.len() - 1)],
            (None, n) => self.toks[(self.pos + n).min(self.toks.len() - 1)],
        }
    }

    #[inline]
    pub(crate) fn nth_kind(&self, n: usize) -> TokenKind {
        self.nth(n).kind
    }

    /// The symbol of the identifier `n` places ahead.
    #[inline]
    pub(crate) fn nth_sym(&self, n: usize) -> Option<Symbol> {
        if self.split.is_some() && n == 0 {
            return None;
        }
        let idx = (self.pos + n).min(self.toks.len() - 1);
        self.sym_at(idx)
    }

    /// The symbol of the identifier at token index `idx`.
    #[inline]
    pub(crate) fn sym_at(&self, idx: usize) -> Option<Symbol> {
        let t = &self.toks[idx];
        (t.kind == TokenKind::Ident).then(|| Symbol(t.extra()))
    }

    /// The index of the token closing the `(`, `[` or `{` at token index `idx` (see
    /// [`Parser::toks`]).
    #[inline]
    pub(crate) fn closing_at(&self, idx: usize) -> Option<usize> {
        let t = self.toks.get(idx)?;
        let open = matches!(
            t.kind,
            TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace)
        );
        (open && t.extra() != u32::MAX).then_some(t.extra() as usize)
    }

    #[inline]
    pub(crate) fn kind(&self) -> TokenKind {
        self.peek().kind
    }

    #[inline]
    pub(crate) fn bump(&mut self) -> Token {
        if let Some(t) = self.split.take() {
            self.pos += 1;
            return t;
        }
        let t = self.toks[self.pos];
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    /// Is the previous token the punctuator `p`?
    pub(crate) fn prev_is_punct(&self, p: Punct) -> bool {
        self.split.is_none() && self.pos > 0 && self.toks[self.pos - 1].kind == TokenKind::Punct(p)
    }

    /// The span of the previous token.
    pub(crate) fn prev_span(&self) -> Span {
        if self.split.is_some() {
            let t = self.toks[self.pos];
            return Span::new(t.span.lo, t.span.lo + 1);
        }
        self.toks[self.pos.saturating_sub(1)].span
    }

    pub(crate) fn at_eof(&self) -> bool {
        self.kind() == TokenKind::Eof
    }

    #[inline]
    pub(crate) fn at_punct(&self, p: Punct) -> bool {
        self.kind() == TokenKind::Punct(p)
    }

    #[inline]
    pub(crate) fn at_kw(&self, k: Keyword) -> bool {
        self.kind() == TokenKind::Keyword(k)
    }

    #[inline]
    pub(crate) fn nth_is_punct(&self, n: usize, p: Punct) -> bool {
        self.nth_kind(n) == TokenKind::Punct(p)
    }

    #[inline]
    pub(crate) fn at_ident(&self) -> bool {
        self.kind() == TokenKind::Ident
    }

    pub(crate) fn eat_punct(&mut self, p: Punct) -> bool {
        if self.at_punct(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn eat_kw(&mut self, k: Keyword) -> bool {
        if self.at_kw(k) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn expect_punct(&mut self, p: Punct) -> PResult<Span> {
        if self.at_punct(p) {
            Ok(self.bump().span)
        } else if self.eof_continue() {
            Ok(self.record_at_eof(&format!("expected a \"{}\"", p.as_str()), Some(p), None))
        } else {
            let mut e = self.err(&format!("expected a \"{}\"", p.as_str()));
            e.expected = Some(p);
            Err(e)
        }
    }

    /// The `}` closing the braces opened at `open` (a block, a class, a namespace, an
    /// enumeration); at the end of the input, cudafe++ adds a note pointing at `open`.
    pub(crate) fn expect_closing_brace(&mut self, open: Span) -> PResult<Span> {
        if !self.at_punct(Punct::RBrace) && self.eof_continue() {
            return Ok(self.record_at_eof("expected a \"}\"", Some(Punct::RBrace), Some(open)));
        }
        self.expect_punct(Punct::RBrace)
    }

    /// At the end of the input, outside tentative parses, cudafe++ reports what the
    /// construct still needed and goes on as if it had been there: `int x = 1 +` at the end
    /// of a function body gives `expected an expression`, `expected a ";"` and `expected a
    /// "}"`. Each such completion uses up one of a bounded number, after which constructs
    /// fail as they do elsewhere (so no loop can go on forever at the end).
    pub(crate) fn eof_continue(&mut self) -> bool {
        if self.tentative == 0 && self.at_eof() && self.eof_budget > 0 {
            self.eof_budget -= 1;
            true
        } else {
            false
        }
    }

    /// Records what was missing at the end of the input; returns the empty span there.
    pub(crate) fn record_at_eof(
        &mut self,
        what: &str,
        expected: Option<Punct>,
        open: Option<Span>,
    ) -> Span {
        let at = self.peek().span;
        let at = Span::new(at.lo, at.lo);
        self.recoveries.push(Recovery {
            span: at,
            at,
            what: format!("{what} (at the end of the input)"),
            expected: expected.map(|p| p.as_str()),
            base: None,
            restart: None,
            open,
        });
        at
    }

    /// Consumes a `>` that closes a template argument list, splitting `>>`, `>=` and `>>=`.
    pub(crate) fn eat_closing_angle(&mut self) -> bool {
        let t = self.peek();
        if t.kind == TokenKind::Punct(Punct::Greater) {
            self.bump();
            return true;
        }
        if let Some((_first, rest)) = t.split_greater() {
            // The first half is consumed; the rest stays as the current token.
            self.split = Some(rest);
            return true;
        }
        false
    }

    pub(crate) fn ident(&mut self) -> PResult<(Symbol, Span)> {
        match self.nth_sym(0) {
            Some(s) if self.at_ident() => {
                let t = self.bump();
                Ok((s, t.span))
            }
            _ => Err(self.err("expected an identifier")),
        }
    }

    /// Text of a token, for messages.
    pub(crate) fn token_text(&self, t: Token) -> String {
        String::from_utf8_lossy(self.map.slice(t.span)).into_owned()
    }

    pub(crate) fn err(&self, what: &str) -> ParseError {
        let t = self.peek();
        ParseError {
            at: t.span,
            what: if t.kind == TokenKind::Eof {
                format!("{what} (at the end of the input)")
            } else {
                format!("{what} (at \"{}\")", self.token_text(t))
            },
            expected: None,
            base: None,
        }
    }

    // -----------------------------------------------------------------------------------
    // Tentative parsing

    pub(crate) fn mark(&self) -> Mark {
        Mark {
            pos: self.pos,
            split: self.split,
            recoveries: self.recoveries.len(),
            features: self.features.len(),
        }
    }

    pub(crate) fn reset(&mut self, m: Mark) {
        self.pos = m.pos;
        self.split = m.split;
        self.recoveries.truncate(m.recoveries);
        self.features.truncate(m.features);
    }

    /// Goes back to `m` but keeps recoveries recorded since (late bodies).
    pub(crate) fn reset_keep_recoveries(&mut self, m: Mark) {
        self.pos = m.pos;
        self.split = m.split;
    }

    /// Makes the pragmas after `m`'s token pending again (for re-reading a body).
    pub(crate) fn rewind_pragmas(&mut self, m: Mark) {
        let at = self.toks[m.pos].span.lo;
        self.next_pragma = self.pragmas.partition_point(|p| p.span.lo < at);
    }

    /// Runs `f` for real; when it fails, rewinds as [`Parser::lookahead`] does and returns
    /// `None`. For a choice that almost always goes one way: one parse instead of a
    /// tentative one and a real one. What a failed attempt declared stays declared, so `f`
    /// must be one whose declarations are harmless when it fails (a parameter list's go into
    /// its own prototype scope).
    pub(crate) fn attempt<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> Option<T> {
        let m = self.mark();
        let saved_scope = self.scope;
        let saved_angle = self.angle_depth;
        let saved_launch = self.in_launch_config;
        let saved_depth = self.depth;
        let saved_pragma = self.next_pragma;
        match f(self) {
            Ok(r) => Some(r),
            Err(_) => {
                self.reset(m);
                self.scope = saved_scope;
                self.angle_depth = saved_angle;
                self.in_launch_config = saved_launch;
                self.depth = saved_depth;
                self.next_pragma = saved_pragma;
                None
            }
        }
    }

    /// Runs `f` without side effects and rewinds; returns what it returned.
    pub(crate) fn lookahead<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let m = self.mark();
        let saved_scope = self.scope;
        let saved_angle = self.angle_depth;
        let saved_launch = self.in_launch_config;
        let saved_depth = self.depth;
        let saved_pragma = self.next_pragma;
        self.tentative += 1;
        let r = f(self);
        self.tentative -= 1;
        self.reset(m);
        self.scope = saved_scope;
        self.angle_depth = saved_angle;
        self.in_launch_config = saved_launch;
        self.depth = saved_depth;
        self.next_pragma = saved_pragma;
        r
    }

    /// Records a use of `feature`, which C++`since` brings, at `at` when the standard
    /// parsed is older.
    pub(crate) fn feature(&mut self, since: u32, feature: Feature, at: Span) {
        if self.opts.cxx < since {
            self.features.push(FeatureUse { at: at.lo, feature });
        }
    }

    pub(crate) fn is_tentative(&self) -> bool {
        self.tentative > 0
    }

    // -----------------------------------------------------------------------------------
    // Depth

    pub(crate) fn enter(&mut self) -> PResult<()> {
        if self.depth + DEPTH_STEP > MAX_DEPTH || crate::stack::below(self.stack_floor) {
            return Err(ParseError {
                at: self.peek().span,
                what: format!("{TOO_DEEP} (depth {})", self.depth),
                expected: None,
                base: None,
            });
        }
        self.steps += 1;
        if self.steps > self.step_budget {
            return Err(ParseError {
                at: self.peek().span,
                what: format!(
                    "{TOO_DEEP} (alternatives tried too often: {} steps)",
                    self.step_budget
                ),
                expected: None,
                base: None,
            });
        }
        self.depth += DEPTH_STEP;
        self.max_depth = self.max_depth.max(self.depth);
        Ok(())
    }

    /// One more link of a left-associative chain (`a + b + ...`, `f()()...`): the tree
    /// nests one level deeper without the parser recursing. The caller leaves the levels
    /// of its chain with [`Parser::leave_n`].
    pub(crate) fn chain_link(&mut self) -> PResult<()> {
        if self.depth >= MAX_DEPTH {
            return Err(ParseError {
                at: self.peek().span,
                what: format!("{TOO_DEEP} (a chain of operators at depth {})", self.depth),
                expected: None,
                base: None,
            });
        }
        self.depth += 1;
        self.max_depth = self.max_depth.max(self.depth);
        Ok(())
    }

    pub(crate) fn leave_n(&mut self, n: u32) {
        self.depth -= n;
    }

    pub(crate) fn leave(&mut self) {
        self.depth -= DEPTH_STEP;
    }

    // -----------------------------------------------------------------------------------
    // Scopes

    pub(crate) fn push_scope(&mut self, kind: ScopeKind) -> ScopeId {
        let s = self.sema.new_scope(kind, self.scope, None);
        self.scope = s;
        s
    }

    // -----------------------------------------------------------------------------------
    // Recovery

    /// Records a skipped construct (outside tentative parses).
    pub(crate) fn record(&mut self, span: Span, at: Span, what: &str) {
        self.record_error(
            span,
            &ParseError {
                at,
                what: what.to_string(),
                expected: None,
                base: None,
            },
        );
    }

    /// Records a skipped construct and why it failed.
    pub(crate) fn record_error(&mut self, span: Span, e: &ParseError) {
        if self.tentative == 0 {
            self.recoveries.push(Recovery {
                span,
                at: e.at,
                what: e.what.clone(),
                expected: e.expected.map(|p| p.as_str()),
                base: e.base.clone(),
                restart: None,
                open: None,
            });
        }
    }

    /// Skips to a safe point after the error `e` in a declaration or statement; returns
    /// where parsing restarts when the recovery is cudafe++'s for a class whose base names
    /// no class, for a declaration at namespace scope that a `{` follows where its `;`
    /// belongs (a test macro left undefined: `TEST_CASE("name") { ... }`), or for one whose
    /// first name is undeclared (`undeclared`, see [`Parser::undeclared_before_specifiers`]):
    /// the next `;` outside brackets (braces balanced: `} a, b;`, or past whole
    /// definitions), which is also skipped.
    pub(crate) fn skip_after_error(
        &mut self,
        e: &ParseError,
        cx: DeclContext,
        undeclared: bool,
    ) -> Option<Span> {
        let brace_for_semi = cx == DeclContext::Namespace
            && e.expected == Some(Punct::Semi)
            && self
                .toks
                .get(self.pos)
                .is_some_and(|t| t.span == e.at && t.kind == TokenKind::Punct(Punct::LBrace));
        // In a block, after a missing `;` or `)`, EDG skips whole brace groups too (a
        // statement, a loop or a block that follows).
        let in_block =
            cx == DeclContext::Block && matches!(e.expected, Some(Punct::Semi | Punct::RParen));
        if e.base.is_none() && !brace_for_semi && !undeclared && !in_block {
            self.skip_to_safe_point();
            return None;
        }
        let mut depth = 0i32;
        loop {
            let t = self.peek();
            match t.kind {
                TokenKind::Eof => return None,
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => depth += 1,
                // The `}` that closes the enclosing scope: parsing restarts there.
                TokenKind::Punct(Punct::RBrace) if depth == 0 => return Some(t.span),
                TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                    if depth == 0 {
                        return None;
                    }
                    depth -= 1;
                }
                TokenKind::Punct(Punct::Semi) if depth == 0 => {
                    self.bump();
                    return Some(t.span);
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// Records the recovery from `e`, whose parse restarted at `restart`.
    pub(crate) fn record_recovery(&mut self, span: Span, e: &ParseError, restart: Option<Span>) {
        self.record_error(span, e);
        if self.tentative == 0
            && let Some(r) = self.recoveries.last_mut()
        {
            r.restart = restart;
        }
    }

    /// Skips to a safe point after an error in a declaration or statement: past the next `;`
    /// at nesting level zero, or past a balanced `{...}` when it ends the construct, or up to
    /// (not past) a `}` that closes an enclosing scope.
    pub(crate) fn skip_to_safe_point(&mut self) {
        let mut depth_paren = 0i32;
        let mut depth_brace = 0i32;
        loop {
            let t = self.peek();
            match t.kind {
                TokenKind::Eof => return,
                TokenKind::Punct(Punct::LParen | Punct::LBracket) => depth_paren += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket) if depth_paren > 0 => {
                    depth_paren -= 1;
                }
                TokenKind::Punct(Punct::LBrace) => depth_brace += 1,
                TokenKind::Punct(Punct::RBrace) => {
                    if depth_brace == 0 {
                        return;
                    }
                    depth_brace -= 1;
                    if depth_brace == 0 && depth_paren == 0 {
                        self.bump();
                        // `struct S { ... } x;` — also skip what follows up to `;` when it
                        // is on the same construct.
                        if self.at_punct(Punct::Semi) {
                            self.bump();
                        }
                        return;
                    }
                }
                TokenKind::Punct(Punct::Semi) if depth_brace == 0 && depth_paren == 0 => {
                    self.bump();
                    return;
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// Skips a balanced group starting at the current opening token (brackets of other
    /// kinds inside are not counted); returns its span. Unclosed, it runs to the end.
    pub(crate) fn skip_balanced(&mut self) -> Span {
        let start = self.peek().span;
        if !matches!(
            self.kind(),
            TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace)
        ) {
            return self.bump().span;
        }
        // An opening bracket is never the rest of a split `>>`.
        match self.closing_at(self.pos) {
            None => {
                self.pos = self.toks.len() - 1;
                start.to(self.prev_span())
            }
            Some(close) => {
                self.pos = close;
                let end = self.bump().span;
                start.to(end)
            }
        }
    }

    /// Parses a declaration; on failure records a recovery, skips to a safe point and
    /// returns an error declaration.
    pub(crate) fn declaration_or_recover(&mut self, cx: DeclContext) -> Decl {
        let start = self.peek().span;
        let m = self.mark();
        let saved_scope = self.scope;
        let saved_classes = self.classes.len();
        let saved_depth = self.depth;
        // Restored, not reset: a member declaration may be in a class inside a template
        // argument list or a launch configuration, whose parsers leave their levels when
        // they return.
        let saved_angle = self.angle_depth;
        let saved_launch = self.in_launch_config;
        match self.declaration(cx) {
            Ok(d) => d,
            Err(e) => {
                self.scope = saved_scope;
                self.classes.truncate(saved_classes);
                self.depth = saved_depth;
                self.angle_depth = saved_angle;
                self.in_launch_config = saved_launch;
                // Make progress from the start of the construct, not from where it failed
                // (which may be inside a nested, already-closed group).
                let undeclared_first = self.undeclared_before_specifiers(cx, m.pos, &e);
                // `thrust::gone<int> x;` outside classes and functions: the member missing,
                // then the syntax error at the `<`.
                if let Some((owner, name)) = self.missing_member_before_less(cx, m, &e) {
                    if cx == DeclContext::Class {
                        // In a class, a qualified declarator with no type before it.
                        let at = name.segments[0].span;
                        self.note_problem(at, BaseProblem::QualifiedNoType { at });
                    } else {
                        self.note_missing_member(owner, &name);
                    }
                }
                if self.pos == m.pos {
                    self.bump();
                }
                let restart = self.skip_after_error(&e, cx, undeclared_first.is_some());
                let span = start.to(self.prev_span());
                self.record_recovery(span, &e, restart);
                if let Some(at) = undeclared_first
                    && self.tentative == 0
                    && let Some(r) = self.recoveries.last_mut()
                    && r.base.is_none()
                {
                    r.base = Some(Box::new(BaseProblem::NoTypeSpecifier { at }));
                }
                Decl {
                    kind: DeclKind::Error,
                    span,
                }
            }
        }
    }

    /// A declaration outside functions (or a statement) that failed with `expected a ";"`
    /// right after an undeclared first name, where specifiers follow it (`FOO int x;`,
    /// `FOO2 __attribute__((device)) int y;`): the name's span, for cudafe++'s `this
    /// declaration has no storage class or type specifier` (in a block: `identifier "FOO"
    /// is undefined`) before the syntax error.
    /// A failed declaration that starts with a qualified name through namespaces whose last
    /// one lacks the name, the error at a `<` right after it: that namespace and the name.
    fn missing_member_before_less(
        &mut self,
        cx: DeclContext,
        start: Mark,
        e: &ParseError,
    ) -> Option<(crate::sema::EntityId, crate::syntax::ast::QualName)> {
        if self.tentative != 0
            || !matches!(
                cx,
                DeclContext::Namespace | DeclContext::Template | DeclContext::Class
            )
            || e.expected != Some(Punct::Semi)
        {
            return None;
        }
        let here = self.mark();
        self.reset_keep_recoveries(start);
        let name = self.attempt(|p| p.qualified_name());
        let found = name.filter(|n| {
            n.last().args.is_none() && self.at_punct(Punct::Less) && self.peek().span == e.at
        });
        let found = found.and_then(|n| Some((self.missing_namespace_member(&n)?, n)));
        self.reset_keep_recoveries(here);
        found
    }

    pub(crate) fn undeclared_before_specifiers(
        &self,
        cx: DeclContext,
        first: usize,
        e: &ParseError,
    ) -> Option<Span> {
        if !matches!(
            cx,
            DeclContext::Namespace | DeclContext::Class | DeclContext::Block
        ) || e.expected != Some(Punct::Semi)
        {
            return None;
        }
        let sym = self.sym_at(first)?;
        // (The failed declaration may have declared the name itself.)
        let here = self.toks[first].span.lo;
        if self
            .sema
            .lookup_unqualified(self.scope, sym)
            .iter()
            .any(|&d| self.sema.entity(d).first_decl().lo != here)
        {
            return None;
        }
        // GNU attributes may stand between the name and the specifier the error is at.
        let mut i = first + 1;
        while self.toks.get(i)?.kind == TokenKind::Keyword(Keyword::Attribute) {
            let open = self.toks.get(i + 1)?;
            if open.kind != TokenKind::Punct(Punct::LParen) {
                return None;
            }
            i = open.extra() as usize + 1;
        }
        let next = self.toks.get(i)?;
        (next.span == e.at && matches!(next.kind, TokenKind::Keyword(_)))
            .then_some(self.toks[first].span)
    }

    /// Hands out the `#pragma` lines that come before the current token as declarations.
    pub(crate) fn take_pragmas(&mut self, out: &mut Vec<Decl>) {
        let before = self.peek().span.lo;
        while let Some(p) = self.pragmas.get(self.next_pragma)
            && p.span.lo < before
        {
            if self.tentative == 0 {
                out.push(Decl {
                    kind: DeclKind::Pragma,
                    span: p.span,
                });
            }
            self.next_pragma += 1;
        }
    }

    /// Like [`Parser::take_pragmas`], returning the spans (for statements).
    pub(crate) fn pending_pragmas(&mut self) -> Vec<Span> {
        let before = self.peek().span.lo;
        let mut out = Vec::new();
        while let Some(p) = self.pragmas.get(self.next_pragma)
            && p.span.lo < before
        {
            out.push(p.span);
            self.next_pragma += 1;
        }
        out
    }

    /// C++20's `module` and `import` begin a directive when they are first on a line; EDG
    /// warns (#3189) where the tokens after one cannot continue a directive and it is an
    /// identifier after all (`module.attr = 1;`, a parameter named `module`).
    fn module_keywords_as_identifiers(&mut self) {
        let module = self.interner.get(b"module");
        let import = self.interner.get(b"import");
        if module.is_none() && import.is_none() {
            return;
        }
        for i in 0..self.toks.len() {
            let t = self.toks[i];
            if t.kind != TokenKind::Ident {
                continue;
            }
            let sym = Symbol(t.extra());
            let is_module = Some(sym) == module;
            if !is_module && Some(sym) != import {
                continue;
            }
            if !t.flags.contains(TokenFlags::LINE_START) {
                continue;
            }
            let next = self.toks.get(i + 1).map(|n| n.kind);
            let directive = match next {
                Some(TokenKind::Ident | TokenKind::Punct(Punct::Colon)) => true,
                Some(TokenKind::Punct(Punct::Semi)) => is_module,
                Some(TokenKind::Punct(Punct::Less) | TokenKind::Str(_)) => !is_module,
                _ => false,
            };
            if !directive {
                self.features.push(FeatureUse {
                    at: t.span.lo,
                    feature: Feature::KeywordAsIdentifier,
                });
            }
        }
    }

    /// All `#pragma` lines of the input.
    pub fn pragma_tokens(&self) -> &[Token] {
        &self.pragmas
    }
}

/// [`Parser::closing`] for `toks`.
/// Links each `(`, `[` and `{` to the token that closes it ([`Token::extra`], `u32::MAX`
/// while none does), counting brackets of its own kind only. Returns the brackets left
/// open (innermost last) and the closing brackets that close nothing, by kind.
fn link_brackets(toks: &mut [Token]) -> ([Vec<u32>; 3], [Vec<u32>; 3]) {
    let mut open: [Vec<u32>; 3] = Default::default();
    let mut unopened: [Vec<u32>; 3] = Default::default();
    for i in 0..toks.len() {
        let (k, is_open) = match toks[i].kind {
            TokenKind::Punct(Punct::LParen) => (0, true),
            TokenKind::Punct(Punct::LBracket) => (1, true),
            TokenKind::Punct(Punct::LBrace) => (2, true),
            TokenKind::Punct(Punct::RParen) => (0, false),
            TokenKind::Punct(Punct::RBracket) => (1, false),
            TokenKind::Punct(Punct::RBrace) => (2, false),
            _ => continue,
        };
        if is_open {
            toks[i].set_extra(u32::MAX);
            open[k].push(i as u32);
        } else {
            match open[k].pop() {
                Some(o) => toks[o as usize].set_extra(i as u32),
                None => unopened[k].push(i as u32),
            }
        }
    }
    (open, unopened)
}

/// Where a declaration stands; decides what is allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeclContext {
    Namespace,
    Class,
    Block,
    /// The declaration of a template (after `template <...>`).
    Template,
    /// A condition or for-init.
    Condition,
}

/// Lexes and parses a preprocessed translation unit.
pub fn parse(map: &SourceMap, tokens: Vec<Token>, opts: ParseOptions) -> Parsed {
    Parser::new(map, tokens, opts).parse()
}

/// [`parse`] over tokens already prepared.
pub fn parse_tokens(map: &SourceMap, tokens: ParserTokens, opts: ParseOptions) -> Parsed {
    Parser::with_tokens(map, tokens, opts).parse()
}
