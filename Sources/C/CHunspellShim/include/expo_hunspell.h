#ifndef EXPO_HUNSPELL_H
#define EXPO_HUNSPELL_H

#include <stddef.h>

/* libhunspell is C++: any call may throw (std::bad_alloc when memory is short, as under
 * `ulimit -v`). These functions catch every exception and return a failure instead, with its
 * reason written into `error` (at most `error_size` bytes, NUL-terminated), so that no
 * exception ever crosses into Swift. Only CatalogCheck/SpellingDictionary.swift calls them. */

#ifdef __cplusplus
extern "C" {
#endif

typedef struct expo_hunspell expo_hunspell;

/* The dictionary from the .aff and .dic files; NULL on failure. */
expo_hunspell *expo_hunspell_create(const char *aff, const char *dic, char *error, size_t error_size);

void expo_hunspell_destroy(expo_hunspell *dictionary);

/* 1 if the dictionary accepts `word`, 0 if not, -1 on failure. */
int expo_hunspell_spell(expo_hunspell *dictionary, const char *word, char *error, size_t error_size);

/* The stems (`expo_hunspell_stem`) or morphological analyses (`expo_hunspell_analyze`) of
 * `word`: their count, with `*list` set to that many malloc'ed strings to be freed with
 * `expo_hunspell_free_list`; -1 on failure (then `*list` is NULL). */
int expo_hunspell_stem(expo_hunspell *dictionary, const char *word, char ***list, char *error, size_t error_size);
int expo_hunspell_analyze(expo_hunspell *dictionary, const char *word, char ***list, char *error, size_t error_size);

void expo_hunspell_free_list(char **list, int count);

#ifdef __cplusplus
}
#endif

#endif
