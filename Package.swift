// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CollectionView",
    products: [
        .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
        .executable(name: "gallery", targets: ["Gallery"]),
        .executable(name: "collection-bench", targets: ["Benchmarks"]),
    ],
    targets: [
        // GTK 4 (with GDK, GSK, GLib, GObject and graphene) through pkg-config.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // glibc's heap statistics (mallinfo2), for the benchmark's memory figures.
        .systemLibrary(name: "CMalloc"),
        // The layout core: geometry, index paths, attributes, layouts. No GTK, no display.
        .target(name: "CollectionLayout"),
        .executableTarget(name: "Gallery", dependencies: ["CollectionLayout", "CGtk"]),
        .executableTarget(name: "Benchmarks", dependencies: ["CollectionLayout", "CGtk", "CMalloc"]),
        .testTarget(name: "CollectionLayoutTests", dependencies: ["CollectionLayout"]),
    ],
    swiftLanguageModes: [.v6]
)
