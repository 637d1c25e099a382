/* A stand-in for Windows 10's system icuuc.dll, for the Wine test prefix only (never shipped:
 * packaging/windows/check_no_stand_ins.py fails a build that holds one).
 *
 * Qt6Core.dll imports twenty ucnv_* functions from the system's ICU, which Windows 10 (1703 and
 * later) has and Wine 8 and 10 have not: without them the loader refuses Qt6Core.dll. Here every
 * converter fails to open, as an ICU without converter data would: Qt then has only the
 * encodings it knows itself (UTF-8, UTF-16, UTF-32, Latin-1, the system's code page), which is
 * all the desk uses. */
#include <stddef.h>
#include <stdint.h>

typedef int UErrorCode;
typedef uint16_t UChar;
typedef int8_t UBool;
#define U_FILE_ACCESS_ERROR 4
#define EXPORT __declspec(dllexport)

static void failed(UErrorCode *error) { if (error) *error = U_FILE_ACCESS_ERROR; }

EXPORT void *ucnv_open(const char *name, UErrorCode *error) { (void)name; failed(error); return NULL; }
EXPORT void ucnv_close(void *converter) { (void)converter; }
EXPORT void ucnv_reset(void *converter) { (void)converter; }
EXPORT int8_t ucnv_getMaxCharSize(const void *converter) { (void)converter; return 1; }
EXPORT const char *ucnv_getName(const void *converter, UErrorCode *error) { (void)converter; failed(error); return NULL; }
EXPORT const char *ucnv_getStandardName(const char *name, const char *standard, UErrorCode *error) { (void)name; (void)standard; failed(error); return NULL; }
EXPORT const char *ucnv_getAvailableName(int32_t index) { (void)index; return NULL; }
EXPORT int32_t ucnv_countAvailable(void) { return 0; }
EXPORT void UCNV_FROM_U_CALLBACK_SUBSTITUTE(void) {}
EXPORT void UCNV_TO_U_CALLBACK_SUBSTITUTE(void) {}
EXPORT void ucnv_getToUCallBack(const void *c, void **action, const void **context) { (void)c; if (action) *action = NULL; if (context) *context = NULL; }
EXPORT void ucnv_getFromUCallBack(const void *c, void **action, const void **context) { (void)c; if (action) *action = NULL; if (context) *context = NULL; }
EXPORT void ucnv_setToUCallBack(void *c, void *n, const void *nc, void **o, const void **oc, UErrorCode *error) { (void)c; (void)n; (void)nc; (void)o; (void)oc; failed(error); }
EXPORT void ucnv_setFromUCallBack(void *c, void *n, const void *nc, void **o, const void **oc, UErrorCode *error) { (void)c; (void)n; (void)nc; (void)o; (void)oc; failed(error); }
EXPORT void ucnv_cbToUWriteUChars(void *args, const UChar *source, int32_t length, int32_t offset, UErrorCode *error) { (void)args; (void)source; (void)length; (void)offset; failed(error); }
EXPORT void ucnv_cbFromUWriteUChars(void *args, const UChar **source, const UChar *limit, int32_t offset, UErrorCode *error) { (void)args; (void)source; (void)limit; (void)offset; failed(error); }
EXPORT void ucnv_toUnicode(void *c, UChar **target, const UChar *tl, const char **source, const char *sl, int32_t *offsets, UBool flush, UErrorCode *error) { (void)c; (void)target; (void)tl; (void)source; (void)sl; (void)offsets; (void)flush; failed(error); }
EXPORT void ucnv_fromUnicode(void *c, char **target, const char *tl, const UChar **source, const UChar *sl, int32_t *offsets, UBool flush, UErrorCode *error) { (void)c; (void)target; (void)tl; (void)source; (void)sl; (void)offsets; (void)flush; failed(error); }
EXPORT int32_t ucnv_toUCountPending(const void *c, UErrorCode *error) { (void)c; failed(error); return 0; }
EXPORT int32_t ucnv_fromUCountPending(const void *c, UErrorCode *error) { (void)c; failed(error); return 0; }
