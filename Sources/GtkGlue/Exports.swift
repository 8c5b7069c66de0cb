// GTK's C API comes with this product: `import GtkGlue` gives an app `gtk_*`, `g_*` and GTK's
// types without importing `CGtk`, the package's system-library module, which is no product.
@_exported import CGtk
