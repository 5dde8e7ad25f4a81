// The system libexpat is built with DTD support (which its amplification limits belong to), but its
// header declares those functions only when the includer defines XML_DTD; it guards nothing else.
#ifndef XML_DTD
#define XML_DTD 1
#endif
#include <expat.h>
