/* A stand-in for bcryptprimitives.dll's ProcessPrng, for the Wine test prefix only (never
 * shipped). Rust's standard library (pydantic-core, cryptography) takes its random bytes from
 * ProcessPrng, which Windows 10 has and Wine 8 has not; here it asks the system's generator
 * (RtlGenRandom, advapi32's SystemFunction036), which Wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
