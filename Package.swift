// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "expo-narrate",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "expo-narrate", targets: ["expo-narrate"]),
        .library(name: "ExpoNarration", targets: ["ExpoNarration"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // Property-based tests (fuzzing the catalog loader and the normalizer); tests only.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // espeak-ng's C library, found through pkg-config (Debian: libespeak-ng-dev).
        .systemLibrary(
            name: "CEspeakNG",
            pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]
        ),
        // libhangul's Hanja dictionary (Debian: libhangul-dev, libhangul-data).
        .systemLibrary(
            name: "CHangul",
            pkgConfig: "libhangul",
            providers: [.apt(["libhangul-dev"])]
        ),
        // The only C code of the project: adapts espeak-ng's global callback to a per-call sink.
        .target(
            name: "CEspeakShim",
            dependencies: ["CEspeakNG"]
        ),
        .target(
            name: "ExpoNarration",
            dependencies: [
                "CEspeakShim",
                "CHangul",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Resources/DefaultCatalog")]
        ),
        .executableTarget(
            name: "expo-narrate",
            dependencies: [
                "ExpoNarration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "ExpoNarrationTests",
            dependencies: [
                "ExpoNarration",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "expo-narrateTests",
            dependencies: ["ExpoNarration"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
