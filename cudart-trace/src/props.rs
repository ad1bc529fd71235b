//! The virtual device: `struct cudaDeviceProp` (laid out exactly as in CUDA 13.0's
//! `driver_types.h`), `cudaDeviceGetAttribute` values and `struct cudaFuncAttributes`.
//! The device looks like an H100 SXM (compute capability 9.0, 132 SMs).

use std::os::raw::{c_char, c_int, c_uint};

#[repr(C)]
#[derive(Clone, Copy)]
pub struct CudaDeviceProp {
    pub name: [c_char; 256],
    pub uuid: [u8; 16],
    pub luid: [c_char; 8],
    pub luid_device_node_mask: c_uint,
    pub total_global_mem: usize,
    pub shared_mem_per_block: usize,
    pub regs_per_block: c_int,
    pub warp_size: c_int,
    pub mem_pitch: usize,
    pub max_threads_per_block: c_int,
    pub max_threads_dim: [c_int; 3],
    pub max_grid_size: [c_int; 3],
    pub total_const_mem: usize,
    pub major: c_int,
    pub minor: c_int,
    pub texture_alignment: usize,
    pub texture_pitch_alignment: usize,
    pub multi_processor_count: c_int,
    pub integrated: c_int,
    pub can_map_host_memory: c_int,
    pub max_texture_1d: c_int,
    pub max_texture_1d_mipmap: c_int,
    pub max_texture_2d: [c_int; 2],
    pub max_texture_2d_mipmap: [c_int; 2],
    pub max_texture_2d_linear: [c_int; 3],
    pub max_texture_2d_gather: [c_int; 2],
    pub max_texture_3d: [c_int; 3],
    pub max_texture_3d_alt: [c_int; 3],
    pub max_texture_cubemap: c_int,
    pub max_texture_1d_layered: [c_int; 2],
    pub max_texture_2d_layered: [c_int; 3],
    pub max_texture_cubemap_layered: [c_int; 2],
    pub max_surface_1d: c_int,
    pub max_surface_2d: [c_int; 2],
    pub max_surface_3d: [c_int; 3],
    pub max_surface_1d_layered: [c_int; 2],
    pub max_surface_2d_layered: [c_int; 3],
    pub max_surface_cubemap: c_int,
    pub max_surface_cubemap_layered: [c_int; 2],
    pub surface_alignment: usize,
    pub concurrent_kernels: c_int,
    pub ecc_enabled: c_int,
    pub pci_bus_id: c_int,
    pub pci_device_id: c_int,
    pub pci_domain_id: c_int,
    pub tcc_driver: c_int,
    pub async_engine_count: c_int,
    pub unified_addressing: c_int,
    pub memory_bus_width: c_int,
    pub l2_cache_size: c_int,
    pub persisting_l2_cache_max_size: c_int,
    pub max_threads_per_multi_processor: c_int,
    pub stream_priorities_supported: c_int,
    pub global_l1_cache_supported: c_int,
    pub local_l1_cache_supported: c_int,
    pub shared_mem_per_multiprocessor: usize,
    pub regs_per_multiprocessor: c_int,
    pub managed_memory: c_int,
    pub is_multi_gpu_board: c_int,
    pub multi_gpu_board_group_id: c_int,
    pub host_native_atomic_supported: c_int,
    pub pageable_memory_access: c_int,
    pub concurrent_managed_access: c_int,
    pub compute_preemption_supported: c_int,
    pub can_use_host_pointer_for_registered_mem: c_int,
    pub cooperative_launch: c_int,
    pub shared_mem_per_block_optin: usize,
    pub pageable_memory_access_uses_host_page_tables: c_int,
    pub direct_managed_mem_access_from_host: c_int,
    pub max_blocks_per_multi_processor: c_int,
    pub access_policy_max_window_size: c_int,
    pub reserved_shared_mem_per_block: usize,
    pub host_register_supported: c_int,
    pub sparse_cuda_array_supported: c_int,
    pub host_register_read_only_supported: c_int,
    pub timeline_semaphore_interop_supported: c_int,
    pub memory_pools_supported: c_int,
    pub gpu_direct_rdma_supported: c_int,
    pub gpu_direct_rdma_flush_writes_options: c_uint,
    pub gpu_direct_rdma_writes_ordering: c_int,
    pub memory_pool_supported_handle_types: c_uint,
    pub deferred_mapping_cuda_array_supported: c_int,
    pub ipc_event_supported: c_int,
    pub cluster_launch: c_int,
    pub unified_function_pointers: c_int,
    pub device_numa_config: c_int,
    pub device_numa_id: c_int,
    pub mps_enabled: c_int,
    pub host_numa_id: c_int,
    pub gpu_pci_device_id: c_uint,
    pub gpu_pci_subsystem_id: c_uint,
    pub host_numa_multinode_ipc_supported: c_int,
    pub reserved: [c_int; 56],
}

/// Field name (as in the C header) -> offset in our struct, for the layout test.
pub fn device_prop_layout() -> (usize, Vec<(&'static str, usize)>) {
    use std::mem::offset_of;
    macro_rules! fields {
        ($($c:literal => $r:ident),* $(,)?) => {
            vec![$(($c, offset_of!(CudaDeviceProp, $r))),*]
        };
    }
    let v = fields![
        "name" => name, "uuid" => uuid, "luid" => luid,
        "luidDeviceNodeMask" => luid_device_node_mask, "totalGlobalMem" => total_global_mem,
        "sharedMemPerBlock" => shared_mem_per_block, "regsPerBlock" => regs_per_block,
        "warpSize" => warp_size, "memPitch" => mem_pitch,
        "maxThreadsPerBlock" => max_threads_per_block, "maxThreadsDim" => max_threads_dim,
        "maxGridSize" => max_grid_size, "totalConstMem" => total_const_mem, "major" => major,
        "minor" => minor, "textureAlignment" => texture_alignment,
        "texturePitchAlignment" => texture_pitch_alignment,
        "multiProcessorCount" => multi_processor_count, "integrated" => integrated,
        "canMapHostMemory" => can_map_host_memory, "maxTexture1D" => max_texture_1d,
        "maxTexture1DMipmap" => max_texture_1d_mipmap, "maxTexture2D" => max_texture_2d,
        "maxTexture2DMipmap" => max_texture_2d_mipmap,
        "maxTexture2DLinear" => max_texture_2d_linear,
        "maxTexture2DGather" => max_texture_2d_gather, "maxTexture3D" => max_texture_3d,
        "maxTexture3DAlt" => max_texture_3d_alt, "maxTextureCubemap" => max_texture_cubemap,
        "maxTexture1DLayered" => max_texture_1d_layered,
        "maxTexture2DLayered" => max_texture_2d_layered,
        "maxTextureCubemapLayered" => max_texture_cubemap_layered,
        "maxSurface1D" => max_surface_1d, "maxSurface2D" => max_surface_2d,
        "maxSurface3D" => max_surface_3d, "maxSurface1DLayered" => max_surface_1d_layered,
        "maxSurface2DLayered" => max_surface_2d_layered,
        "maxSurfaceCubemap" => max_surface_cubemap,
        "maxSurfaceCubemapLayered" => max_surface_cubemap_layered,
        "surfaceAlignment" => surface_alignment, "concurrentKernels" => concurrent_kernels,
        "ECCEnabled" => ecc_enabled, "pciBusID" => pci_bus_id, "pciDeviceID" => pci_device_id,
        "pciDomainID" => pci_domain_id, "tccDriver" => tcc_driver,
        "asyncEngineCount" => async_engine_count, "unifiedAddressing" => unified_addressing,
        "memoryBusWidth" => memory_bus_width, "l2CacheSize" => l2_cache_size,
        "persistingL2CacheMaxSize" => persisting_l2_cache_max_size,
        "maxThreadsPerMultiProcessor" => max_threads_per_multi_processor,
        "streamPrioritiesSupported" => stream_priorities_supported,
        "globalL1CacheSupported" => global_l1_cache_supported,
        "localL1CacheSupported" => local_l1_cache_supported,
        "sharedMemPerMultiprocessor" => shared_mem_per_multiprocessor,
        "regsPerMultiprocessor" => regs_per_multiprocessor, "managedMemory" => managed_memory,
        "isMultiGpuBoard" => is_multi_gpu_board,
        "multiGpuBoardGroupID" => multi_gpu_board_group_id,
        "hostNativeAtomicSupported" => host_native_atomic_supported,
        "pageableMemoryAccess" => pageable_memory_access,
        "concurrentManagedAccess" => concurrent_managed_access,
        "computePreemptionSupported" => compute_preemption_supported,
        "canUseHostPointerForRegisteredMem" => can_use_host_pointer_for_registered_mem,
        "cooperativeLaunch" => cooperative_launch,
        "sharedMemPerBlockOptin" => shared_mem_per_block_optin,
        "pageableMemoryAccessUsesHostPageTables" => pageable_memory_access_uses_host_page_tables,
        "directManagedMemAccessFromHost" => direct_managed_mem_access_from_host,
        "maxBlocksPerMultiProcessor" => max_blocks_per_multi_processor,
        "accessPolicyMaxWindowSize" => access_policy_max_window_size,
        "reservedSharedMemPerBlock" => reserved_shared_mem_per_block,
        "hostRegisterSupported" => host_register_supported,
        "sparseCudaArraySupported" => sparse_cuda_array_supported,
        "hostRegisterReadOnlySupported" => host_register_read_only_supported,
        "timelineSemaphoreInteropSupported" => timeline_semaphore_interop_supported,
        "memoryPoolsSupported" => memory_pools_supported,
        "gpuDirectRDMASupported" => gpu_direct_rdma_supported,
        "gpuDirectRDMAFlushWritesOptions" => gpu_direct_rdma_flush_writes_options,
        "gpuDirectRDMAWritesOrdering" => gpu_direct_rdma_writes_ordering,
        "memoryPoolSupportedHandleTypes" => memory_pool_supported_handle_types,
        "deferredMappingCudaArraySupported" => deferred_mapping_cuda_array_supported,
        "ipcEventSupported" => ipc_event_supported, "clusterLaunch" => cluster_launch,
        "unifiedFunctionPointers" => unified_function_pointers,
        "deviceNumaConfig" => device_numa_config, "deviceNumaId" => device_numa_id,
        "mpsEnabled" => mps_enabled, "hostNumaId" => host_numa_id,
        "gpuPciDeviceID" => gpu_pci_device_id, "gpuPciSubsystemID" => gpu_pci_subsystem_id,
        "hostNumaMultinodeIpcSupported" => host_numa_multinode_ipc_supported,
        "reserved" => reserved,
    ];
    (std::mem::size_of::<CudaDeviceProp>(), v)
}

pub const DEVICE_NAME: &str = "cudart-trace virtual device (sm_90)";
pub const SM_COUNT: i32 = 132;
pub const MAX_THREADS_PER_BLOCK: i32 = 1024;
pub const MAX_THREADS_PER_SM: i32 = 2048;
pub const MAX_BLOCKS_PER_SM: i32 = 32;
pub const SHARED_PER_BLOCK: usize = 48 << 10;
pub const SHARED_PER_BLOCK_OPTIN: usize = 227 << 10;
pub const SHARED_PER_SM: usize = 228 << 10;
pub const RESERVED_SHARED_PER_BLOCK: usize = 1024;
pub const REGS_PER_SM: i32 = 65536;

pub fn device_prop() -> CudaDeviceProp {
    // SAFETY: the struct is plain old data; all-zero is a valid value.
    let mut p: CudaDeviceProp = unsafe { std::mem::zeroed() };
    for (d, s) in p.name.iter_mut().zip(DEVICE_NAME.bytes()) {
        *d = s as c_char;
    }
    p.uuid = *b"cudart-trace-sm9";
    p.total_global_mem = crate::arena::ALLOC_SIZE;
    p.shared_mem_per_block = SHARED_PER_BLOCK;
    p.regs_per_block = 65536;
    p.warp_size = 32;
    p.mem_pitch = 2147483647;
    p.max_threads_per_block = MAX_THREADS_PER_BLOCK;
    p.max_threads_dim = [1024, 1024, 64];
    p.max_grid_size = [2147483647, 65535, 65535];
    p.total_const_mem = 65536;
    p.major = 9;
    p.minor = 0;
    p.texture_alignment = 512;
    p.texture_pitch_alignment = 32;
    p.multi_processor_count = SM_COUNT;
    p.can_map_host_memory = 1;
    p.max_texture_1d = 131072;
    p.max_texture_1d_mipmap = 32768;
    p.max_texture_2d = [131072, 65536];
    p.max_texture_2d_mipmap = [32768, 32768];
    p.max_texture_2d_linear = [131072, 65000, 2097120];
    p.max_texture_2d_gather = [32768, 32768];
    p.max_texture_3d = [16384, 16384, 16384];
    p.max_texture_3d_alt = [8192, 8192, 32768];
    p.max_texture_cubemap = 32768;
    p.max_texture_1d_layered = [32768, 2048];
    p.max_texture_2d_layered = [32768, 32768, 2048];
    p.max_texture_cubemap_layered = [32768, 2046];
    p.max_surface_1d = 32768;
    p.max_surface_2d = [131072, 65536];
    p.max_surface_3d = [16384, 16384, 16384];
    p.max_surface_1d_layered = [32768, 2048];
    p.max_surface_2d_layered = [32768, 32768, 2048];
    p.max_surface_cubemap = 32768;
    p.max_surface_cubemap_layered = [32768, 2046];
    p.surface_alignment = 512;
    p.concurrent_kernels = 1;
    p.ecc_enabled = 0;
    p.pci_bus_id = 0;
    p.pci_device_id = 0;
    p.pci_domain_id = 0;
    p.async_engine_count = 2;
    p.unified_addressing = 1;
    p.memory_bus_width = 5120;
    p.l2_cache_size = 52428800;
    p.persisting_l2_cache_max_size = 32505856;
    p.max_threads_per_multi_processor = MAX_THREADS_PER_SM;
    p.stream_priorities_supported = 1;
    p.global_l1_cache_supported = 1;
    p.local_l1_cache_supported = 1;
    p.shared_mem_per_multiprocessor = SHARED_PER_SM;
    p.regs_per_multiprocessor = REGS_PER_SM;
    p.managed_memory = 1;
    p.concurrent_managed_access = 1;
    p.compute_preemption_supported = 1;
    p.can_use_host_pointer_for_registered_mem = 1;
    p.cooperative_launch = 1;
    p.shared_mem_per_block_optin = SHARED_PER_BLOCK_OPTIN;
    p.max_blocks_per_multi_processor = MAX_BLOCKS_PER_SM;
    p.access_policy_max_window_size = 134213632;
    p.reserved_shared_mem_per_block = RESERVED_SHARED_PER_BLOCK;
    p.host_register_supported = 1;
    p.sparse_cuda_array_supported = 1;
    p.host_register_read_only_supported = 1;
    p.timeline_semaphore_interop_supported = 1;
    p.memory_pools_supported = 1;
    p.memory_pool_supported_handle_types = 1;
    p.deferred_mapping_cuda_array_supported = 1;
    p.ipc_event_supported = 1;
    p.cluster_launch = 1;
    p.unified_function_pointers = 1;
    p.device_numa_id = -1;
    p.host_numa_id = -1;
    p
}

/// `cudaDeviceGetAttribute(attr)`; `None` for values that are not attributes at all.
pub fn device_attribute(attr: i32) -> Option<i32> {
    let p = device_prop();
    let clamp = |v: usize| v.min(i32::MAX as usize) as i32;
    Some(match attr {
        1 => p.max_threads_per_block,
        2..=4 => p.max_threads_dim[(attr - 2) as usize],
        5..=7 => p.max_grid_size[(attr - 5) as usize],
        8 => clamp(p.shared_mem_per_block),
        9 => clamp(p.total_const_mem),
        10 => p.warp_size,
        11 => clamp(p.mem_pitch),
        12 => p.regs_per_block,
        13 => 1980000, // clock rate, kHz
        14 => clamp(p.texture_alignment),
        15 => 1,
        16 => p.multi_processor_count,
        17 => 0,
        18 => p.integrated,
        19 => p.can_map_host_memory,
        20 => 0, // compute mode default
        21 => p.max_texture_1d,
        22 | 23 => p.max_texture_2d[(attr - 22) as usize],
        24..=26 => p.max_texture_3d[(attr - 24) as usize],
        27 | 28 => p.max_texture_2d_layered[(attr - 27) as usize],
        29 => p.max_texture_2d_layered[2],
        30 => clamp(p.surface_alignment),
        31 => p.concurrent_kernels,
        32 => p.ecc_enabled,
        33 => p.pci_bus_id,
        34 => p.pci_device_id,
        35 => p.tcc_driver,
        36 => 2619000, // memory clock, kHz
        37 => p.memory_bus_width,
        38 => p.l2_cache_size,
        39 => p.max_threads_per_multi_processor,
        40 => p.async_engine_count,
        41 => p.unified_addressing,
        42 | 43 => p.max_texture_1d_layered[(attr - 42) as usize],
        45 | 46 => p.max_texture_2d_gather[(attr - 45) as usize],
        47..=49 => p.max_texture_3d_alt[(attr - 47) as usize],
        50 => p.pci_domain_id,
        51 => clamp(p.texture_pitch_alignment),
        52 => p.max_texture_cubemap,
        53 | 54 => p.max_texture_cubemap_layered[(attr - 53) as usize],
        55 => p.max_surface_1d,
        56 | 57 => p.max_surface_2d[(attr - 56) as usize],
        58..=60 => p.max_surface_3d[(attr - 58) as usize],
        61 | 62 => p.max_surface_1d_layered[(attr - 61) as usize],
        63..=65 => p.max_surface_2d_layered[(attr - 63) as usize],
        66 => p.max_surface_cubemap,
        67 | 68 => p.max_surface_cubemap_layered[(attr - 67) as usize],
        69 => 268435456,
        70..=72 => p.max_texture_2d_linear[(attr - 70) as usize],
        73 | 74 => p.max_texture_2d_mipmap[(attr - 73) as usize],
        75 => p.major,
        76 => p.minor,
        77 => p.max_texture_1d_mipmap,
        78 => p.stream_priorities_supported,
        79 => p.global_l1_cache_supported,
        80 => p.local_l1_cache_supported,
        81 => clamp(p.shared_mem_per_multiprocessor),
        82 => p.regs_per_multiprocessor,
        83 => p.managed_memory,
        84 => p.is_multi_gpu_board,
        85 => p.multi_gpu_board_group_id,
        86 => p.host_native_atomic_supported,
        87 => 2, // single to double precision performance ratio
        88 => p.pageable_memory_access,
        89 => p.concurrent_managed_access,
        90 => p.compute_preemption_supported,
        91 => p.can_use_host_pointer_for_registered_mem,
        92..=94 | 96 => 0,
        95 => p.cooperative_launch,
        97 => clamp(p.shared_mem_per_block_optin),
        98 => 1,
        99 => p.host_register_supported,
        100 => p.pageable_memory_access_uses_host_page_tables,
        101 => p.direct_managed_mem_access_from_host,
        106 => p.max_blocks_per_multi_processor,
        108 => p.persisting_l2_cache_max_size,
        109 => p.access_policy_max_window_size,
        111 => clamp(p.reserved_shared_mem_per_block),
        112 => p.sparse_cuda_array_supported,
        113 => p.host_register_read_only_supported,
        114 => p.timeline_semaphore_interop_supported,
        115 => p.memory_pools_supported,
        116 => p.gpu_direct_rdma_supported,
        117 => p.gpu_direct_rdma_flush_writes_options as i32,
        118 => p.gpu_direct_rdma_writes_ordering,
        119 => p.memory_pool_supported_handle_types as i32,
        120 => p.cluster_launch,
        121 => p.deferred_mapping_cuda_array_supported,
        122..=124 | 127..=129 | 132 | 141 | 145 => 0,
        125 => p.ipc_event_supported,
        126 => 4, // memory sync domain count
        130 => p.device_numa_config,
        131 => p.device_numa_id,
        133 => p.mps_enabled,
        134 => p.host_numa_id,
        135 | 138 => 0,
        139 => p.gpu_pci_device_id as i32,
        140 => p.gpu_pci_subsystem_id as i32,
        142 | 144 => 0,
        143 => p.host_numa_multinode_ipc_supported,
        147 => 0,
        _ => return None,
    })
}

#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct CudaFuncAttributes {
    pub shared_size_bytes: usize,
    pub const_size_bytes: usize,
    pub local_size_bytes: usize,
    pub max_threads_per_block: c_int,
    pub num_regs: c_int,
    pub ptx_version: c_int,
    pub binary_version: c_int,
    pub cache_mode_ca: c_int,
    pub max_dynamic_shared_size_bytes: c_int,
    pub preferred_shmem_carveout: c_int,
    pub cluster_dim_must_be_set: c_int,
    pub required_cluster_width: c_int,
    pub required_cluster_height: c_int,
    pub required_cluster_depth: c_int,
    pub cluster_scheduling_policy_preference: c_int,
    pub non_portable_cluster_size_allowed: c_int,
    pub reserved: [c_int; 16],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_match_the_header() {
        // Sizes computed from the CUDA 13.0 declarations (all members naturally
        // aligned); the integration test checks every offset against the real header.
        assert_eq!(std::mem::size_of::<CudaDeviceProp>(), 1008);
        assert_eq!(std::mem::size_of::<CudaFuncAttributes>(), 144);
        let (size, fields) = device_prop_layout();
        assert_eq!(size, 1008);
        assert_eq!(fields[0], ("name", 0));
        assert_eq!(fields[1], ("uuid", 256));
        assert_eq!(fields[4], ("totalGlobalMem", 288));
    }

    #[test]
    fn attributes_agree_with_properties() {
        let p = device_prop();
        assert_eq!(device_attribute(75), Some(9));
        assert_eq!(device_attribute(76), Some(0));
        assert_eq!(device_attribute(16), Some(p.multi_processor_count));
        assert_eq!(device_attribute(1), Some(1024));
        assert_eq!(device_attribute(10), Some(32));
        assert_eq!(device_attribute(0), None);
        assert_eq!(device_attribute(44), None);
    }
}
