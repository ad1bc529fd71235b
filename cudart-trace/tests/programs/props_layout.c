/* Prints the offset of every member of struct cudaDeviceProp, and its size, as the
   CUDA 13.0 headers lay it out. */
#include <stddef.h>
#include <stdio.h>
#include <cuda_runtime_api.h>
#define F(m) printf("%s %zu\n", #m, offsetof(struct cudaDeviceProp, m));
int main(void) {
  printf("sizeof %zu\n", sizeof(struct cudaDeviceProp));
  F(name) F(uuid) F(luid) F(luidDeviceNodeMask) F(totalGlobalMem) F(sharedMemPerBlock)
  F(regsPerBlock) F(warpSize) F(memPitch) F(maxThreadsPerBlock) F(maxThreadsDim)
  F(maxGridSize) F(totalConstMem) F(major) F(minor) F(textureAlignment)
  F(texturePitchAlignment) F(multiProcessorCount) F(integrated) F(canMapHostMemory)
  F(maxTexture1D) F(maxTexture1DMipmap) F(maxTexture2D) F(maxTexture2DMipmap)
  F(maxTexture2DLinear) F(maxTexture2DGather) F(maxTexture3D) F(maxTexture3DAlt)
  F(maxTextureCubemap) F(maxTexture1DLayered) F(maxTexture2DLayered)
  F(maxTextureCubemapLayered) F(maxSurface1D) F(maxSurface2D) F(maxSurface3D)
  F(maxSurface1DLayered) F(maxSurface2DLayered) F(maxSurfaceCubemap)
  F(maxSurfaceCubemapLayered) F(surfaceAlignment) F(concurrentKernels) F(ECCEnabled)
  F(pciBusID) F(pciDeviceID) F(pciDomainID) F(tccDriver) F(asyncEngineCount)
  F(unifiedAddressing) F(memoryBusWidth) F(l2CacheSize) F(persistingL2CacheMaxSize)
  F(maxThreadsPerMultiProcessor) F(streamPrioritiesSupported) F(globalL1CacheSupported)
  F(localL1CacheSupported) F(sharedMemPerMultiprocessor) F(regsPerMultiprocessor)
  F(managedMemory) F(isMultiGpuBoard) F(multiGpuBoardGroupID) F(hostNativeAtomicSupported)
  F(pageableMemoryAccess) F(concurrentManagedAccess) F(computePreemptionSupported)
  F(canUseHostPointerForRegisteredMem) F(cooperativeLaunch) F(sharedMemPerBlockOptin)
  F(pageableMemoryAccessUsesHostPageTables) F(directManagedMemAccessFromHost)
  F(maxBlocksPerMultiProcessor) F(accessPolicyMaxWindowSize) F(reservedSharedMemPerBlock)
  F(hostRegisterSupported) F(sparseCudaArraySupported) F(hostRegisterReadOnlySupported)
  F(timelineSemaphoreInteropSupported) F(memoryPoolsSupported) F(gpuDirectRDMASupported)
  F(gpuDirectRDMAFlushWritesOptions) F(gpuDirectRDMAWritesOrdering)
  F(memoryPoolSupportedHandleTypes) F(deferredMappingCudaArraySupported)
  F(ipcEventSupported) F(clusterLaunch) F(unifiedFunctionPointers) F(deviceNumaConfig)
  F(deviceNumaId) F(mpsEnabled) F(hostNumaId) F(gpuPciDeviceID) F(gpuPciSubsystemID)
  F(hostNumaMultinodeIpcSupported) F(reserved)
  return 0;
}
