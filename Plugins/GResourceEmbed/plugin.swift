import Foundation
import PackagePlugin

/// Compiles `Resources/gallery.gresource.xml` (the CSS, UI definitions and icons it names)
/// with `glib-compile-resources` at build time and embeds the bundle in the target as Swift
/// source, so the app registers it at start and reads nothing from files at run time. meson
/// builds the app through SwiftPM, so both builds get the same bundle.
@main
struct GResourceEmbed: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let resources = context.package.directoryURL.appending(path: "Resources")
        let manifest = resources.appending(path: "gallery.gresource.xml")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedGResource.swift")
        let script = context.package.directoryURL.appending(path: "scripts/embed-gresource")
        // Every file the bundle names is an input, so changing one rebuilds the bundle.
        let xml = try String(contentsOf: manifest, encoding: .utf8)
        let named = xml.split(separator: "<file").dropFirst().compactMap { element -> URL? in
            guard let open = element.firstIndex(of: ">"), let close = element.range(of: "</file>") else { return nil }
            return resources.appending(path: String(element[element.index(after: open)..<close.lowerBound]))
        }
        return [.buildCommand(displayName: "Compiling and embedding the gallery's GResource",
                              executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: [script.path(), manifest.path(), resources.path(), output.path()],
                              inputFiles: [manifest, script] + named,
                              outputFiles: [output])]
    }
}
