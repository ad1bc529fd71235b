//! CUDA's additions to an entity: execution space (functions), memory space (variables)
//! and launch configuration (kernels).

/// Where a function may run, as its declarations say.
///
/// A function without annotations is implicitly `__host__`. `__global__` is a kernel: it runs
/// on the device and is launched from the host.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ExecSpace {
    /// `__host__` was written.
    pub host: bool,
    /// `__device__` was written.
    pub device: bool,
    /// `__global__` was written.
    pub global: bool,
    /// Implicitly `__host__ __device__`: constexpr functions under `--relaxed_constexpr`,
    /// and some defaulted or lambda members (see the execution-space rules).
    pub implicit_hd: bool,
}

impl ExecSpace {
    pub fn is_kernel(self) -> bool {
        self.global
    }

    /// `__device__` only (not a kernel, not `__host__ __device__`).
    pub fn is_device_only(self) -> bool {
        self.device && !self.host && !self.global && !self.implicit_hd
    }

    /// Runs on both sides.
    pub fn is_host_device(self) -> bool {
        (self.device && self.host) || self.implicit_hd
    }

    /// Runs on the host only (explicitly or implicitly).
    pub fn is_host_only(self) -> bool {
        !self.device && !self.global && !self.implicit_hd
    }

    /// Can be called from host code.
    pub fn host_callable(self) -> bool {
        !self.global && (self.host || !self.device || self.implicit_hd)
    }

    /// The name diagnostics use: `__host__`, `__device__`, `__host__ __device__`, `__global__`.
    pub fn describe(self) -> &'static str {
        if self.global {
            "__global__"
        } else if self.is_host_device() {
            "__host__ __device__"
        } else if self.device {
            "__device__"
        } else {
            "__host__"
        }
    }
}

/// Where a variable lives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MemSpace {
    /// An ordinary host variable.
    #[default]
    Host,
    Device,
    Constant,
    Shared,
    /// `__managed__` (which implies `__device__`).
    Managed,
}

impl MemSpace {
    pub fn is_device(self) -> bool {
        !matches!(self, MemSpace::Host)
    }

    /// The keyword diagnostics use: `__device__`, `__constant__`, `__shared__`, `__managed__`.
    pub fn keyword(self) -> &'static str {
        match self {
            MemSpace::Host => "",
            MemSpace::Device => "__device__",
            MemSpace::Constant => "__constant__",
            MemSpace::Shared => "__shared__",
            MemSpace::Managed => "__managed__",
        }
    }
}

/// A value of a launch-configuration attribute: known, or depending on template parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigValue {
    Known(i128),
    Dependent,
    /// Could not be evaluated (an error was reported where that applies).
    Invalid,
}

/// The launch-configuration attributes of a kernel.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LaunchConfig {
    /// `__launch_bounds__(max_threads, min_blocks, max_blocks_per_cluster)`.
    pub launch_bounds: Option<[Option<ConfigValue>; 3]>,
    /// `__maxnreg__(n)`.
    pub maxnreg: Option<ConfigValue>,
    /// `__local_maxnreg__(n)`.
    pub local_maxnreg: Option<ConfigValue>,
    /// `__cluster_dims__(x, y, z)`.
    pub cluster_dims: Option<[Option<ConfigValue>; 3]>,
    /// `__block_size__(...)`.
    pub block_size: Option<Vec<ConfigValue>>,
}

/// Everything CUDA adds to an entity.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CudaInfo {
    pub exec: ExecSpace,
    pub mem: MemSpace,
    /// Boxed: few entities have one, and it is large.
    pub launch: Option<Box<LaunchConfig>>,
    /// `__device_builtin__` (types and functions the runtime headers mark).
    pub device_builtin: bool,
    /// `__grid_constant__` on a parameter.
    pub grid_constant: bool,
    /// `__noinline__` / `__forceinline__`.
    pub noinline: bool,
    pub forceinline: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classification() {
        let d = ExecSpace {
            device: true,
            ..Default::default()
        };
        assert!(d.is_device_only() && !d.host_callable());
        assert_eq!(d.describe(), "__device__");
        let hd = ExecSpace {
            device: true,
            host: true,
            ..Default::default()
        };
        assert!(hd.is_host_device() && hd.host_callable() && !hd.is_device_only());
        let g = ExecSpace {
            global: true,
            device: false,
            ..Default::default()
        };
        assert!(g.is_kernel() && !g.host_callable() && !g.is_host_only());
        assert_eq!(ExecSpace::default().describe(), "__host__");
        assert!(ExecSpace::default().is_host_only());
    }
}
