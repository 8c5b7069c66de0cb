// swift-tools-version:6.0
import Foundation
import PackageDescription

/// A pkg-config file of this package, by absolute path, for a system library whose own `.pc`
/// carries compiler flags SwiftPM refuses (`-pthread` from GLib's gmodule, `-msse` from
/// graphene): SwiftPM drops them anyway but warns on every build, in this package and in every
/// app that depends on it. The file gives the same include paths and libraries without them.
/// The system's `.pc` is read instead (the same build, with the warning) where the file's
/// Debian paths do not hold (`headers` lists, for each header it needs, the places it may be)
/// and under a path with a space, as SwiftPM splits `pkgConfig` at spaces.
func quietPkgConfig(_ file: String, otherwise systemName: String, headers: [[String]] = []) -> String {
    let path = Context.packageDirectory + "/" + file
    let headersThere = headers.allSatisfy { $0.contains(where: FileManager.default.fileExists(atPath:)) }
    return path.contains(" ") || !headersThere ? systemName : path
}

let package = Package(
    name: "CollectionView",
    products: [
        .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
        .library(name: "CollectionViewGtk", targets: ["CollectionViewGtk"]),
        // Swift closures for GObject signals, ticks and timeouts: for apps, optional.
        .library(name: "GtkGlue", targets: ["GtkGlue"]),
        // No executable products: SwiftPM builds every target a dependency's products reach, so
        // an app depending on this package would plan the gallery, its GResourceEmbed plugin and
        // its system libraries. Here (the root package) the executable targets `gallery` and
        // `collection-bench` are products all the same, by their names.
    ],
    dependencies: [
        // `swift package generate-documentation` for the DocC catalogs; a plugin only, so it
        // adds nothing to what the libraries build or link.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // GTK 4 (with GDK, GSK, GLib, GObject and graphene) through pkg-config: gtk4's include
        // paths and libraries as Sources/CGtk/swiftpm-gtk4.pc gives them (see quietPkgConfig).
        .systemLibrary(
            name: "CGtk",
            pkgConfig: quietPkgConfig("Sources/CGtk/swiftpm-gtk4.pc", otherwise: "gtk4", headers: [
                ["/usr/include/gtk-4.0/gtk/gtk.h"], ["/usr/include/pango-1.0/pango/pango.h"],
                ["/usr/include/gdk-pixbuf-2.0/gdk-pixbuf/gdk-pixbuf.h"], ["/usr/include/graphene-1.0/graphene.h"],
                ["x86_64", "aarch64"].map { "/usr/lib/\($0)-linux-gnu/graphene-1.0/include/graphene-config.h" },
            ]),
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // The few libadwaita calls the gallery makes (its application class and the style
        // manager, which follows the system's dark and high-contrast preferences).
        .systemLibrary(name: "CAdw", providers: [.apt(["libadwaita-1-dev"])]),
        // The two libgnome-desktop calls the gallery makes for the freedesktop thumbnail cache
        // (GNOME Files' naming and validity check), so thumbnails are shared with Files. Its
        // header needs no include path and its module map links the library: no pkg-config.
        .systemLibrary(name: "CGnomeDesktop", providers: [.apt(["libgnome-desktop-4-dev"])]),
        // libvips, the gallery's photo decoder: it reads an image's size before decoding it,
        // streams PNG and TIFF row by row, shrinks WebP while decoding, and applies EXIF
        // orientation. Used from C only (CPhotoDecode): its calls are variadic. vips' flags as
        // Sources/CVips/swiftpm-vips.pc gives them (see quietPkgConfig).
        .systemLibrary(name: "CVips", pkgConfig: quietPkgConfig("Sources/CVips/swiftpm-vips.pc", otherwise: "vips",
                                                           headers: [["/usr/include/vips/vips.h"]]),
                       providers: [.apt(["libvips-dev"])]),
        // The gallery's photo decoder's C side: libvips' and GdkPixbufLoader's calls behind a
        // few plain functions (Sources/Gallery/Photos is the Swift side).
        .target(name: "CPhotoDecode", dependencies: ["CVips", "CGtk"]),
        // The filter and sorter of the gallery's folder models, in C: called per file and
        // O(n log n) times per folder, where Swift closures behind C callbacks cost twice GTK's
        // own work on a large folder.
        .target(name: "CFolderModels", dependencies: ["CGtk"]),
        // The system's SQLite and gexiv2 (EXIF through Exiv2), for the gallery's index of the
        // dates photos were taken; gexiv2's few calls are declared without GLib's headers (so
        // no pkg-config: the module map links gexiv2 and GLib).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CGExiv2", providers: [.apt(["libgexiv2-dev"])]),
        // The view layer's C side, where GObject boilerplate and GSK are clearer in C: the
        // GtkScrollable viewport, the canvas and the root widget of every reusable view
        // (collection_host.c); the canvas's tile cache (tile_cache.c) and its automatic choice
        // between the tiles and drawing directly (tile_chooser.c); and a cairo node that holds
        // an image, on the GTK versions that was verified on (cairo_node_image.c).
        .target(name: "CCollectionHost", dependencies: ["CGtk"]),
        // The benchmark's C side: a lazy GListModel and the cells for GtkGridView and
        // GtkFlowBox, and glibc's heap statistics.
        .target(name: "CBenchSupport", dependencies: ["CGtk", "CCollectionHost"]),
        // Swift closures for GObject signals, frame-clock ticks, GLib timeouts and GIO callbacks;
        // GObject pointer casts. Shared by the view layer, the gallery and the benchmarks, and
        // kept out of the collection view's public API.
        .target(name: "GtkGlue", dependencies: ["CGtk"]),
        // The layout core: geometry, index paths, attributes, layouts. No GTK, no display.
        .target(name: "CollectionLayout"),
        // The GTK view layer: the collection view widget, reusable views, reuse, animation.
        .target(name: "CollectionViewGtk", dependencies: ["CollectionLayout", "CGtk", "CCollectionHost", "GtkGlue"]),
        // The gallery; its CSS, UI definitions and icons are compiled into a GResource at build
        // time and embedded (the GResourceEmbed plugin runs glib-compile-resources).
        // The gallery's own layouts (circle, cover flow, waterfall): pure layout code, no GTK,
        // so the benchmarks measure them too. In no product.
        .target(name: "GalleryLayouts", dependencies: ["CollectionLayout"]),
        // The gallery's index of dates taken (SQLite) and the EXIF reader that fills it: no GTK,
        // so the tests use it directly. In no product.
        .target(name: "GalleryIndex", dependencies: ["CSQLite", "CGExiv2"]),
        // The gallery: the target's name is the binary's (and so the module's) name.
        .executableTarget(name: "gallery", dependencies: ["CollectionViewGtk", "CollectionLayout", "GalleryLayouts", "GalleryIndex", "CGtk", "CAdw",
                                                             "CGnomeDesktop", "GtkGlue", "CPhotoDecode", "CFolderModels"],
                          path: "Sources/Gallery", plugins: ["GResourceEmbed"]),
        .plugin(name: "GResourceEmbed", capability: .buildTool()),
        // The benchmarks: the target's name is the binary's name.
        .executableTarget(name: "collection-bench", dependencies: ["CollectionViewGtk", "CollectionLayout", "GalleryLayouts", "CGtk", "GtkGlue", "CBenchSupport"],
                          path: "Sources/Benchmarks"),
        // Test support shared by both test targets, in no product: the batch model, a seeded
        // random generator, a fake layout host and flow-layout delegates. No GTK.
        .target(name: "CollectionTestSupport", dependencies: ["CollectionLayout"]),
        .testTarget(name: "CollectionLayoutTests", dependencies: ["CollectionLayout", "CollectionTestSupport"]),
        // The window harness and fixtures for the view's and the gallery's tests (real windows
        // under Xvfb, drag source and drop target windows): GTK and XCTest, in no product.
        .target(name: "CollectionViewTestSupport",
                dependencies: ["CollectionTestSupport", "CollectionViewGtk", "CollectionLayout", "CGtk", "GtkGlue"]),
        .testTarget(name: "CollectionViewGtkTests",
                    dependencies: ["CollectionViewGtk", "CollectionLayout", "CGtk", "CCollectionHost", "GtkGlue", "CollectionTestSupport", "CollectionViewTestSupport"]),
        // The gallery app end to end: the built binary run under Xvfb, driven by xdotool and read
        // through its log; drags from and to other windows; its identity and translations.
        // The gallery's photo decoder is tested directly too (`@testable import gallery`).
        .testTarget(name: "GalleryTests",
                    dependencies: ["CollectionViewGtk", "CGtk", "GtkGlue", "CollectionViewTestSupport", "gallery", "GalleryIndex"]),
    ],
    swiftLanguageModes: [.v6]
)
