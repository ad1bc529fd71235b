//! kind: fail
// Explicitly defaulted virtual destructors take the space of their annotations.
// With none they are __host__, unlike the implicitly declared destructor
// (see diag_virtual_override_ok.cu).
struct B1 { __device__ virtual ~B1() {} };
struct D1 : B1 { ~D1() = default; };
//~^ error: execution space mismatch: overridden entity (function "B1::~B1") is a __device__ function, but overriding entity (function "D1::~D1") is a __host__ function
struct B2 { __host__ __device__ virtual ~B2() {} };
struct D2 : B2 { virtual ~D2() = default; };
//~^ error: execution space mismatch: overridden entity (function "B2::~B2") is a __host__ __device__ function, but overriding entity (function "D2::~D2") is a __host__ function
struct B3 { virtual ~B3() {} };
struct D3 : B3 { __device__ ~D3() = default; };
//~^ error: execution space mismatch: overridden entity (function "B3::~B3") is a __host__ function, but overriding entity (function "D3::~D3") is a __device__ function
