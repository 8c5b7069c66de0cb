import CGtk

/// GtkWidget pointers, as GTK's complete struct imports them.
public typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>
