fn main() {
    // Relocatable device code: the two files are compiled separately and device-linked
    // (nvlink) into the library. One architecture keeps the build short; `CUDAARCHS`
    // overrides it (e.g. `CUDAARCHS=80`).
    build_helper::Build::new()
        .file("kernels/device_math.cu")
        .file("kernels/smooth.cu")
        .rdc(true)
        .arch("90")
        .compile("rdc_kernels");
}
