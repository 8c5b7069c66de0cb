// swift-tools-version:6.0
// An app outside the library, as an adopter writes one: it depends on the package by path and
// uses only its products (no CGtk). `swift build --package-path Examples`, then
// `swift run --package-path Examples hello-collection`.
import PackageDescription

let package = Package(
    name: "CollectionViewExamples",
    products: [
        .executable(name: "hello-collection", targets: ["HelloCollection"]),
        .executable(name: "contacts", targets: ["Contacts"]),
    ],
    dependencies: [
        .package(name: "CollectionView", path: ".."),
    ],
    targets: [
        .executableTarget(name: "HelloCollection", dependencies: [
            .product(name: "CollectionViewGtk", package: "CollectionView"),
            .product(name: "CollectionLayout", package: "CollectionView"),
            .product(name: "GtkGlue", package: "CollectionView"),
        ]),
        .executableTarget(name: "Contacts", dependencies: [
            .product(name: "CollectionViewGtk", package: "CollectionView"),
            .product(name: "CollectionLayout", package: "CollectionView"),
            .product(name: "GtkGlue", package: "CollectionView"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
