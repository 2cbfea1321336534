// libzip: zip archives read from memory, with its consistency checks and CRC verification. Chosen over
// ZIPFoundation, whose in-memory archives trap on a seek past the end that a corrupt archive asks for.
#include <zip.h>
