// The system libexpat is built with DTD support (which its amplification limits belong to), but its
// header declares those functions only when the includer defines XML_DTD; it guards nothing else.
#ifndef XML_DTD
#define XML_DTD 1
#endif
#include <expat.h>

// Reparse deferral (expat >= 2.6) stops expat from rescanning an unfinished token on every chunk.
// Older versions (Debian 12 ships 2.5) lack it: there this is a no-op that returns 0.
static inline int keepalive_set_reparse_deferral(XML_Parser parser, int enabled) {
#if XML_MAJOR_VERSION > 2 || (XML_MAJOR_VERSION == 2 && XML_MINOR_VERSION >= 6)
    return XML_SetReparseDeferralEnabled(parser, enabled ? XML_TRUE : XML_FALSE) == XML_TRUE;
#else
    (void)parser;
    (void)enabled;
    return 0;
#endif
}
