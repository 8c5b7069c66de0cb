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
    dependencies: [
        // `swift package generate-documentation` for the DocC catalogs; a plugin only, so it
        // adds nothing to what the libraries build or link.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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
