//! The host reference arrays of separate compilation (`--device-c`): six weak byte arrays in
//! sections `.nvHRKI` … `.nvHRCE` naming the kernels, device variables and constant
//! variables that host code refers to, with internal (`I`) or external (`E`) linkage. The
//! device linker reads them to keep what the host needs.

use std::collections::BTreeSet;

/// One of the six arrays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Array {
    KernelInternal,
    KernelExternal,
    DeviceInternal,
    DeviceExternal,
    ConstantInternal,
    ConstantExternal,
}

impl Array {
    const ALL: [Array; 6] = [
        Array::KernelInternal,
        Array::KernelExternal,
        Array::DeviceInternal,
        Array::DeviceExternal,
        Array::ConstantInternal,
        Array::ConstantExternal,
    ];

    fn section(self) -> &'static str {
        match self {
            Array::KernelInternal => ".nvHRKI",
            Array::KernelExternal => ".nvHRKE",
            Array::DeviceInternal => ".nvHRDI",
            Array::DeviceExternal => ".nvHRDE",
            Array::ConstantInternal => ".nvHRCI",
            Array::ConstantExternal => ".nvHRCE",
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Array::KernelInternal => "hostRefKernelArrayInternalLinkage",
            Array::KernelExternal => "hostRefKernelArrayExternalLinkage",
            Array::DeviceInternal => "hostRefDeviceArrayInternalLinkage",
            Array::DeviceExternal => "hostRefDeviceArrayExternalLinkage",
            Array::ConstantInternal => "hostRefConstantArrayInternalLinkage",
            Array::ConstantExternal => "hostRefConstantArrayExternalLinkage",
        }
    }
}

/// The arrays' text, given the names to put in each (sorted, no duplicates).
pub fn arrays(names: &BTreeSet<(Array, String)>) -> String {
    let mut out = String::new();
    for array in Array::ALL {
        out += &format!(
            "\nextern \"C\" {{\nextern __attribute__ ((section (\"{}\"))) __attribute__((weak)) const unsigned char {}[] = {{\n",
            array.section(),
            array.symbol()
        );
        let mut any = false;
        for (_, name) in names.iter().filter(|(a, _)| *a == array) {
            any = true;
            out += &format!("/* {} */\n", name.replace("*/", "* /"));
            for b in name.bytes() {
                out += &format!("0x{b:x},");
            }
            out += "0x0,\n";
        }
        out += if any { "};\n}\n" } else { "0x0};\n}\n" };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout() {
        let mut names = BTreeSet::new();
        names.insert((Array::KernelExternal, "_Z2tk*".to_string()));
        names.insert((Array::DeviceExternal, "mvar".to_string()));
        let text = arrays(&names);
        assert!(text.contains(
            "extern __attribute__ ((section (\".nvHRKE\"))) __attribute__((weak)) const unsigned char hostRefKernelArrayExternalLinkage[] = {\n/* _Z2tk* */\n0x5f,0x5a,0x32,0x74,0x6b,0x2a,0x0,\n};\n}\n"
        ));
        assert!(text.contains("hostRefKernelArrayInternalLinkage[] = {\n0x0};\n}\n"));
        assert!(text.contains("/* mvar */\n0x6d,0x76,0x61,0x72,0x0,\n"));
        assert_eq!(text.matches("extern \"C\" {").count(), 6);
    }
}
