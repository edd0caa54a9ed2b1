// The one boundary between libhunspell's C++ and Swift: every call inside a try/catch.
#include "expo_hunspell.h"

#include <hunspell/hunspell.hxx>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <vector>

struct expo_hunspell {
    Hunspell *hunspell;
};

namespace {

void set_error(char *error, size_t error_size, const char *reason) {
    if (error == nullptr || error_size == 0) return;
    std::strncpy(error, reason, error_size - 1);
    error[error_size - 1] = '\0';
}

// Runs `body`; on any exception writes its reason and returns `failure`.
template <typename Result, typename Body>
Result guarded(Result failure, char *error, size_t error_size, Body body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc &) {
        set_error(error, error_size, "out of memory");
    } catch (const std::exception &exception) {
        set_error(error, error_size, exception.what());
    } catch (...) {
        set_error(error, error_size, "an unknown C++ exception");
    }
    return failure;
}

int copy_list(const std::vector<std::string> &words, char ***list) {
    char **result = static_cast<char **>(std::calloc(words.empty() ? 1 : words.size(), sizeof(char *)));
    if (result == nullptr) throw std::bad_alloc();
    for (size_t index = 0; index < words.size(); index++) {
        result[index] = strdup(words[index].c_str());
        if (result[index] == nullptr) {
            expo_hunspell_free_list(result, static_cast<int>(index));
            throw std::bad_alloc();
        }
    }
    *list = result;
    return static_cast<int>(words.size());
}

}  // namespace

extern "C" expo_hunspell *expo_hunspell_create(const char *aff, const char *dic, char *error, size_t error_size) {
    return guarded<expo_hunspell *>(nullptr, error, error_size, [&]() {
        Hunspell *hunspell = new Hunspell(aff, dic);
        expo_hunspell *dictionary = new (std::nothrow) expo_hunspell{hunspell};
        if (dictionary == nullptr) {
            delete hunspell;
            throw std::bad_alloc();
        }
        return dictionary;
    });
}

extern "C" void expo_hunspell_destroy(expo_hunspell *dictionary) {
    if (dictionary == nullptr) return;
    try {
        delete dictionary->hunspell;
    } catch (...) {
    }
    delete dictionary;
}

extern "C" int expo_hunspell_spell(expo_hunspell *dictionary, const char *word, char *error, size_t error_size) {
    return guarded<int>(-1, error, error_size, [&]() { return dictionary->hunspell->spell(std::string(word)) ? 1 : 0; });
}

extern "C" int expo_hunspell_stem(expo_hunspell *dictionary, const char *word, char ***list, char *error, size_t error_size) {
    *list = nullptr;
    return guarded<int>(-1, error, error_size, [&]() { return copy_list(dictionary->hunspell->stem(std::string(word)), list); });
}

extern "C" int expo_hunspell_analyze(expo_hunspell *dictionary, const char *word, char ***list, char *error, size_t error_size) {
    *list = nullptr;
    return guarded<int>(-1, error, error_size, [&]() { return copy_list(dictionary->hunspell->analyze(std::string(word)), list); });
}

extern "C" void expo_hunspell_free_list(char **list, int count) {
    if (list == nullptr) return;
    for (int index = 0; index < count; index++) std::free(list[index]);
    std::free(list);
}
