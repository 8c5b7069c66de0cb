import CGtk
import Foundation

// The gallery: a GtkApplication whose window shows a collection view of a built-in catalogue,
// or of the folder of images given as the argument.
let app = MainActor.assumeIsolated {
    I18n.setUp()  // the locale and the translations, before any text is made
    return GalleryApp(arguments: CommandLine.arguments)
}
exit(MainActor.assumeIsolated { app.run() })
