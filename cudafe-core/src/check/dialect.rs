//! Constructs of a later C++ standard than the one compiled ([`FeatureUse`]), reported as
//! cudafe++ reports them: most as warnings (`warning #2912-D: constexpr if statements are
//! a C++17 feature`), a few as errors (`constexpr lambdas are not enabled in this mode`).
//! Some are reported at their first use in the translation unit only, the others at every
//! use; Clang mode (`--clang`) differs for a few. The parser records where each is used;
//! the walk reports them in source order among its own diagnostics. Attribute namespaces
//! EDG does not know (#2803, `attribute namespace "omp" is unrecognized`) go the same way.

use crate::diag::{DiagId, Diagnostic, Location, Severity, ids};
use crate::source_map::Offset;
use crate::syntax::ast::{Feature, FeatureUse};

use super::Checker;

/// How cudafe++ reports a use of `feature`: the diagnostic, its severity, and whether only
/// the first use in the translation unit is reported. `None`: not reported in this mode.
fn report(feature: Feature, clang: bool) -> Option<(DiagId, Severity, bool)> {
    use Feature as F;
    use Severity::{Error, Warning};
    Some(match feature {
        F::InlineVariable => (ids::INLINE_VARIABLES_NONSTANDARD, Warning, true),
        F::FoldExpression => (ids::FOLD_EXPRESSIONS_NONSTANDARD, Warning, true),
        F::IfConstexpr => (ids::IF_CONSTEXPR_IS_CPP17, Warning, true),
        // Clang mode rejects the initializer with a syntax error we do not reproduce.
        F::SelectionInit if clang => return None,
        F::SelectionInit => (ids::SELECTION_INITIALIZER_NONSTANDARD, Warning, true),
        F::StructuredBinding => (ids::STRUCT_BINDINGS_IS_CPP17, Warning, false),
        F::UsingAttributePrefix => (ids::USING_ATTRIBUTE_NONSTANDARD, Warning, true),
        F::ConstexprLambda => (ids::CONSTEXPR_LAMBDAS_NOT_ENABLED, Error, false),
        F::AutoTemplateParam => (ids::AUTO_NOT_ALLOWED_HERE, Error, false),
        // GCC mode takes nested namespace definitions silently.
        F::NestedNamespace if clang => (ids::NESTED_NAMESPACE_NONSTANDARD, Warning, true),
        F::NestedInlineNamespace if clang => {
            (ids::NESTED_INLINE_NAMESPACE_NONSTANDARD, Warning, true)
        }
        F::NestedNamespace | F::NestedInlineNamespace => return None,
        F::RangeForInit if clang => (ids::INIT_STMT_IN_RANGE_FOR_NONSTANDARD, Error, false),
        F::RangeForInit => (ids::INIT_STMT_IN_RANGE_FOR_NONSTANDARD, Warning, true),
        F::LambdaTemplateParams => (
            ids::EXPLICIT_LAMBDA_TEMPLATE_PARAMETERS_IS_CPP20,
            Warning,
            true,
        ),
        F::BitFieldInit => (ids::NONSTANDARD_BIT_FIELD_INITIALIZER, Warning, false),
        F::ExplicitBool => (ids::NONSTANDARD_EXPLICIT_BOOL, Warning, false),
        F::PackInitCapture => (ids::PACK_INIT_CAPTURE_IS_CPP20, Warning, true),
        F::LambdaWithoutParens => (ids::LAMBDA_WITHOUT_PARAMETERS_NONSTANDARD, Warning, false),
        F::AutoCast => (ids::AUTO_CAST_IS_CPP23, Warning, false),
        F::UnknownAttributeNamespace => (ids::ATTRIBUTE_NAMESPACE_UNRECOGNIZED, Warning, false),
        F::AttributeOnFunctionType => (ids::WRONG_ENTITY_FOR_ATTRIBUTE, Warning, false),
        F::AttributeOnFunctionTypeError => (ids::WRONG_ENTITY_FOR_ATTRIBUTE, Error, false),
        F::KeywordAsIdentifier => (ids::IDENTIFIER_NOT_KEYWORD, Warning, false),
    })
}

/// The unit's feature uses in source order, each once (a construct the parser took twice
/// is recorded twice).
pub(crate) fn in_order(features: &[FeatureUse]) -> Vec<FeatureUse> {
    let mut v = features.to_vec();
    v.sort_by_key(|f| (f.at, f.feature as u8));
    v.dedup();
    v
}

impl<'a> Checker<'a> {
    /// Reports the feature uses before `offset` not reported yet.
    pub(crate) fn report_features_before(&mut self, offset: Offset) {
        while let Some(&f) = self.features.get(self.features_next)
            && f.at < offset
        {
            self.features_next += 1;
            let Some((id, severity, once)) = report(f.feature, self.opts.clang) else {
                continue;
            };
            let bit = 1u32 << (f.feature as u32);
            if once {
                if self.features_reported & bit != 0 {
                    continue;
                }
                self.features_reported |= bit;
            }
            let mut d = Diagnostic::new(id, Location::At(f.at)).severity(severity);
            if matches!(
                f.feature,
                Feature::UnknownAttributeNamespace
                    | Feature::AttributeOnFunctionType
                    | Feature::AttributeOnFunctionTypeError
                    | Feature::KeywordAsIdentifier
            ) {
                d = d.arg_str(self.identifier_at(f.at));
            }
            self.engine.emit(d);
        }
    }

    /// The identifier that starts at `at` in the source.
    fn identifier_at(&self, at: Offset) -> &'a [u8] {
        let text = &self.map.text()[at as usize..];
        let len = text
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80))
            .unwrap_or(text.len());
        &text[..len]
    }
}
