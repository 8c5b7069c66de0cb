import CGtk
import CPhotoDecode
import Foundation

// The gallery: a GtkApplication whose window shows a collection view of a built-in catalogue,
// or of the folder of images given as the argument.
// The allocator set for thumbnails made and freed by the thousand on worker threads (see
// photo_memory.c), before any thread starts.
photo_memory_setup()

let app = MainActor.assumeIsolated {
    I18n.setUp()  // the locale and the translations, before any text is made
    return GalleryApp(arguments: CommandLine.arguments)
}
exit(MainActor.assumeIsolated { app.run() })
