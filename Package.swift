// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CollectionView",
    products: [
        .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
        .library(name: "CollectionViewGtk", targets: ["CollectionViewGtk"]),
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
        // The two small GObject classes the view layer needs (a GtkScrollable viewport and a
        // stacking container): GObject boilerplate is clearer in C.
        .target(name: "CCollectionHost", dependencies: ["CGtk"]),
        // The benchmark's C side: a lazy GListModel and the cells for GtkGridView and
        // GtkFlowBox, and glibc's heap statistics.
        .target(name: "CBenchSupport", dependencies: ["CGtk"]),
        // The layout core: geometry, index paths, attributes, layouts. No GTK, no display.
        .target(name: "CollectionLayout"),
        // The GTK view layer: the collection view widget, reusable views, reuse, animation.
        .target(name: "CollectionViewGtk", dependencies: ["CollectionLayout", "CGtk", "CCollectionHost"]),
        .executableTarget(name: "Gallery", dependencies: ["CollectionViewGtk", "CollectionLayout", "CGtk"]),
        .executableTarget(name: "Benchmarks", dependencies: ["CollectionViewGtk", "CollectionLayout", "CGtk", "CBenchSupport"]),
        .testTarget(name: "CollectionLayoutTests", dependencies: ["CollectionLayout"]),
        .testTarget(name: "CollectionViewGtkTests", dependencies: ["CollectionViewGtk", "CollectionLayout", "CGtk"]),
    ],
    swiftLanguageModes: [.v6]
)
