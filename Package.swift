// swift-tools-version: 6.0
import PackageDescription

// expo-narrate is a Linux tool: it links espeak-ng, libhangul, OpenSSL's libcrypto and the codec,
// loudness, braille and spelling libraries from Debian and calls Linux-only system calls. The
// stages are targets of their own, so that the compiler keeps every dependency pointing one way;
// each target's `dependencies:` are exactly the modules its files import, which
// scripts/check-structure.py checks in the test command. docs/architecture.md shows the graph (made
// from `swift package describe` by that script) and what each target holds.

// The C targets live in Sources/C, apart from the stages: Debian's libraries as modules (a module
// map and the header it names) and the shims of our own.
let cLibraries: [Target] = [
    // espeak-ng's C library (Debian: libespeak-ng-dev).
    .systemLibrary(name: "CEspeakNG", path: "Sources/C/CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
    // libhangul's Hanja dictionary (Debian: libhangul-dev, libhangul-data).
    .systemLibrary(name: "CHangul", path: "Sources/C/CHangul", pkgConfig: "libhangul", providers: [.apt(["libhangul-dev"])]),
    // OpenSSL's libcrypto, for SHA-256 (Debian: libssl-dev).
    .systemLibrary(name: "CCrypto", path: "Sources/C/CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    // libopus, the Opus codec itself (the Ogg pages are written in Swift). Debian: libopus-dev.
    .systemLibrary(name: "COpus", path: "Sources/C/COpus", pkgConfig: "opus", providers: [.apt(["libopus-dev"])]),
    // libsoxr, to resample espeak-ng's 22 050 Hz to a rate libopus takes. Debian: libsoxr-dev.
    .systemLibrary(name: "CSoxr", path: "Sources/C/CSoxr", pkgConfig: "soxr", providers: [.apt(["libsoxr-dev"])]),
    // LAME. Debian ships no .pc file, so the module map names the header and the library.
    .systemLibrary(name: "CLame", path: "Sources/C/CLame", providers: [.apt(["libmp3lame-dev"])]),
    // libebur128 (BS.1770-4 loudness and true peak): Audio's true-peak ceiling, Encoding's
    // measurement of the encoded files. Debian: libebur128-dev.
    .systemLibrary(name: "CEbur128", path: "Sources/C/CEbur128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"])]),
    // opusfile and libmpg123, to decode what was encoded and measure it.
    .systemLibrary(name: "COpusFile", path: "Sources/C/COpusFile", pkgConfig: "opusfile", providers: [.apt(["libopusfile-dev"])]),
    .systemLibrary(name: "CMpg123", path: "Sources/C/CMpg123", pkgConfig: "libmpg123", providers: [.apt(["libmpg123-dev"])]),
    // libhunspell with Debian's Korean dictionary (hunspell-ko): the pre-flight check's broken
    // words. Debian: libhunspell-dev.
    .systemLibrary(name: "CHunspell", path: "Sources/C/CHunspell", pkgConfig: "hunspell", providers: [.apt(["libhunspell-dev"])]),
    // liblouis with Debian's braille tables (Korean ko-g2, English UEB): the braille edition.
    // Debian: liblouis-dev, liblouis-data.
    .systemLibrary(name: "CLouis", path: "Sources/C/CLouis", pkgConfig: "liblouis", providers: [.apt(["liblouis-dev"])]),
    // libhunspell's C++ behind C functions that catch every exception (none crosses into Swift).
    .target(name: "CHunspellShim", dependencies: ["CHunspell"], path: "Sources/C/CHunspellShim"),
    // libvips (Debian: libvips42): the entries' pictures, decoded with pixel limits and made
    // into the page's and the book's sizes; chosen by measurement (Benchmarks/README.md,
    // "Pictures: why libvips"). Opened with dlopen when a picture is prepared, not linked: loading
    // its many libraries at start would cost every process time and memory. Its variadic calls as plain C functions; only the JPEG, PNG and
    // WebP loaders allowed.
    .target(name: "CPictureShim", path: "Sources/C/CPictureShim"),
    // Adapts espeak-ng's one global callback to a per-call sink.
    .target(name: "CEspeakShim", dependencies: ["CEspeakNG"], path: "Sources/C/CEspeakShim"),
    // Signal flags as volatile sig_atomic_t, and Linux calls with their real prototypes.
    .target(name: "CSystemShim", path: "Sources/C/CSystemShim"),
]

// The targets that do the heavy work per sample or per character (loudness filters, limiter,
// encoders' measurement, the normaliser and pronunciation rules, the words of every sentence,
// the check, the text and page writers) are optimised in debug builds too: unoptimised, they
// made the debug binary that every end-to-end test runs much slower than a release one
// (Benchmarks/README.md, "Figures behind the code's choices"). Optimising them changes no output
// (the guides are byte-identical); the other targets stay unoptimised for debugging.
let optimizedInDebugBuilds: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let stages: [Target] = [
    // Precomposed Hangul syllables: their range and jamo arithmetic, written once.
    .target(name: "Hangul", swiftSettings: optimizedInDebugBuilds),
    // The values every stage shares: catalog, track, spoken runs, caption cues, the error type.
    .target(name: "ExpoModel", dependencies: ["Hangul"], swiftSettings: optimizedInDebugBuilds),
    // Every system call (through its one seam, SystemCalls): files, folders, atomic writes,
    // processes, signals; SHA-256.
    .target(name: "ExpoSystem", dependencies: ["ExpoModel", "CSystemShim", "CCrypto"]),
    // Reading and checking catalog JSON; the bundled default catalog.
    .target(
        name: "CatalogLoading", dependencies: ["ExpoModel", "ExpoSystem"],
        resources: [.copy("Resources/DefaultCatalog")]),
    // Numbers, counters, dates, units, symbols, Hanja → Korean words; the lexicon.
    .target(
        name: "Normalization", dependencies: ["ExpoModel", "ExpoSystem", "CHangul", "Hangul", "KoreanMorphology"],
        swiftSettings: optimizedInDebugBuilds),
    // Parts of speech from Debian's Korean dictionary (hunspell-ko): nouns, predicate stems,
    // adnominal forms, for the readings that depend on grammar.
    .target(name: "KoreanMorphology", dependencies: ["Hangul"], swiftSettings: optimizedInDebugBuilds),
    // Spoken Korean → its standard pronunciation (표준 발음법), spelled in Hangul for the voice.
    .target(
        name: "KoreanPronunciation", dependencies: ["ExpoModel", "Hangul", "KoreanMorphology"],
        swiftSettings: optimizedInDebugBuilds),
    // Catalog → tracks of sentences (display and spoken text).
    .target(
        name: "Narration", dependencies: ["ExpoModel", "ExpoSystem", "Normalization"],
        swiftSettings: optimizedInDebugBuilds),
    // The pre-flight check: what the voice will get wrong, data errors, broken words.
    .target(
        name: "CatalogCheck", dependencies: ["ExpoModel", "ExpoSystem", "GuideCache", "Hangul", "Normalization", "Narration", "CHunspellShim"],
        swiftSettings: optimizedInDebugBuilds),
    // Voice profiles, SSML, espeak-ng through the C shim, caption timing.
    .target(name: "Synthesizer", dependencies: ["ExpoModel", "ExpoSystem", "Normalization", "KoreanPronunciation", "CEspeakShim"]),
    // Loudness, limiter, WAV files, the guide's concatenation.
    .target(
        name: "Audio", dependencies: ["ExpoModel", "ExpoSystem", "CEbur128"],
        swiftSettings: optimizedInDebugBuilds),
    // Opus and MP3 files with tags and chapters; the whole guide assembled without re-encoding.
    .target(
        name: "Encoding", dependencies: ["ExpoModel", "ExpoSystem", "Audio", "COpus", "CSoxr", "CLame", "COpusFile", "CMpg123"],
        swiftSettings: optimizedInDebugBuilds),
    // The braille edition: display text → Korean braille through liblouis, laid out as BRF and PEF.
    .target(name: "Braille", dependencies: ["ExpoModel", "ExpoSystem", "Hangul", "Normalization", "CLouis"]),
    // Spoken labels for the apps: each displayed field with the words a screen reader should say.
    .target(name: "AppLabels", dependencies: ["ExpoModel", "Normalization", "Narration"]),
    // The entries' pictures: found by image name, checked, made into sizes for phones (libvips).
    .target(name: "Pictures", dependencies: ["ExpoModel", "CPictureShim"]),
    // EPUB 3 talking books with Media Overlays.
    .target(name: "TalkingBook", dependencies: ["ExpoModel", "ExpoSystem"]),
    // Captions, transcript, page, playlist, manifest.
    .target(
        name: "Export", dependencies: ["ExpoModel", "ExpoSystem", "Hangul", "TalkingBook"],
        swiftSettings: optimizedInDebugBuilds),
    // The cache outside the guide: the folder claimed and tagged, each track's audio and record.
    .target(name: "GuideCache", dependencies: ["ExpoModel", "ExpoSystem"]),
    // Speech in processes of its own: the forking speech server, its workers, and each track's
    // audio and compressed copies made into the cache.
    .target(name: "Synthesis", dependencies: ["ExpoModel", "ExpoSystem", "Synthesizer", "Audio", "Encoding", "GuideCache"]),
    // The output folder as the tool owns it: staged whole, published in one swap, the user's
    // files kept.
    .target(
        name: "Publication", dependencies: ["ExpoModel", "ExpoSystem"],
        // The crash tests' seam (PublicationSteps.swift) exists in debug builds only.
        swiftSettings: [.define("PUBLICATION_CRASH_SEAM", .when(configuration: .debug))]),
    // A guide's project file (expo-narrate.yaml, through Yams): its settings read with the line
    // of each, laid under the command line's; the commented file `init` writes.
    .target(name: "GuideProject", dependencies: ["ExpoModel", "ExpoSystem", .product(name: "Yams", package: "Yams")]),
    // Composes the stages: narrate → synthesize → export → publish.
    .target(
        name: "Pipeline",
        dependencies: [
            "ExpoModel", "ExpoSystem", "GuideProject", "CatalogLoading", "Normalization", "KoreanPronunciation", "Narration", "CatalogCheck", "Synthesizer",
            "Audio", "Encoding", "Export", "TalkingBook", "Braille", "AppLabels", "Pictures", "GuideCache", "Synthesis", "Publication",
        ]),
]

let package = Package(
    name: "expo-narrate",
    products: [
        .executable(name: "expo-narrate", targets: ["expo-narrate"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Property-based tests (fuzzing the catalog loader, the normalizer, and the binary's
        // options, environment and catalogs); tests only.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The project file's YAML, with the line of every key (libyaml, a small C library,
        // compiled in); chosen over TOMLKit by what each adds to a clean build (Benchmarks/).
        .package(url: "https://github.com/jpsim/Yams", exact: "5.0.1"),
    ],
    targets: cLibraries + stages + [
        // The executable parses, calls the library's façade (Pipeline) and prints; it sees no
        // stage but through it.
        .executableTarget(
            name: "expo-narrate",
            dependencies: [
                "Pipeline", "ExpoModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                // espeak-ng's calls into pcaudiolib bind to CEspeakShim/expo_no_audio.c: no sound device.
                .unsafeFlags([
                    "-Xlinker", "--export-dynamic-symbol=create_audio_device_object",
                    "-Xlinker", "--export-dynamic-symbol=audio_object_*",
                ])
            ]),
        // What every test target shares: the original apps' data, scratch folders, budgets.
        .target(name: "TestSupport", dependencies: ["ExpoModel", "ExpoSystem", "Synthesizer"], path: "Tests/TestSupport"),
        .testTarget(name: "ExpoModelTests", dependencies: ["ExpoModel"]),
        .testTarget(name: "ExpoSystemTests", dependencies: ["ExpoSystem", "ExpoModel", "TestSupport"]),
        .testTarget(
            name: "CatalogLoadingTests",
            dependencies: [
                "CatalogLoading", "ExpoModel", "ExpoSystem", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(name: "HangulTests", dependencies: ["Hangul"]),
        .testTarget(
            name: "NormalizationTests",
            dependencies: [
                "Normalization", "CatalogLoading", "ExpoModel", "Hangul", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(name: "KoreanMorphologyTests", dependencies: ["KoreanMorphology"]),
        .testTarget(name: "KoreanPronunciationTests", dependencies: ["KoreanPronunciation", "KoreanMorphology", "ExpoModel", "TestSupport"]),
        .testTarget(name: "NarrationTests", dependencies: ["Narration", "CatalogLoading", "ExpoModel", "ExpoSystem", "Normalization", "TestSupport"]),
        .testTarget(name: "CatalogCheckTests", dependencies: ["CatalogCheck", "CatalogLoading", "ExpoModel", "Normalization", "TestSupport"]),
        .testTarget(
            name: "SynthesizerTests",
            dependencies: [
                "Synthesizer", "ExpoModel", "KoreanPronunciation", "Normalization", "Narration", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(name: "AudioTests", dependencies: ["Audio", "CEbur128", "ExpoModel", "ExpoSystem", "TestSupport"]),
        .testTarget(name: "EncodingTests", dependencies: ["Encoding", "Audio", "ExpoModel", "TestSupport"]),
        .testTarget(name: "TalkingBookTests", dependencies: ["TalkingBook", "ExpoModel", "TestSupport"]),
        .testTarget(name: "BrailleTests", dependencies: ["Braille", "ExpoModel", "Normalization", "Narration", "CatalogLoading", "TestSupport"]),
        .testTarget(name: "AppLabelsTests", dependencies: ["AppLabels", "ExpoModel", "Normalization", "Narration", "CatalogLoading", "TestSupport"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "ExpoModel", "TestSupport"]),
        .testTarget(
            name: "ExportTests",
            dependencies: [
                "Export", "CatalogLoading", "ExpoModel", "ExpoSystem", "Normalization", "Narration", "TestSupport",
            ]),
        .testTarget(name: "GuideCacheTests", dependencies: ["GuideCache", "ExpoModel", "ExpoSystem", "TestSupport"]),
        .testTarget(name: "SynthesisTests", dependencies: ["Synthesis", "ExpoModel", "ExpoSystem", "Audio", "Encoding", "GuideCache", "TestSupport"]),
        .testTarget(name: "PublicationTests", dependencies: ["Publication", "ExpoModel", "ExpoSystem", "TestSupport"]),
        .testTarget(name: "GuideProjectTests", dependencies: ["GuideProject", "ExpoModel", "TestSupport"]),
        .testTarget(
            name: "PipelineTests",
            dependencies: [
                "Pipeline", "Audio", "CatalogLoading", "ExpoModel", "ExpoSystem", "Export", "GuideCache", "KoreanPronunciation", "Normalization", "Narration",
                "Publication", "Synthesizer", "Synthesis", "TestSupport",
            ]),
        .testTarget(
            name: "expo-narrateTests",
            dependencies: [
                "ExpoModel", "Synthesizer", "Audio", "Export", "Pipeline", "Synthesis", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
