fn main() {
    build_helper::Build::new()
        .file("kernels/saxpy.cu")
        .compile("saxpy_kernels");
}
