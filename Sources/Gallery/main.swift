import CGtk

// The gallery: a GtkApplication whose window shows a collection view of a built-in catalogue.
let app = GalleryApp()
exit(app.run())
