import CGtk
import GtkGlue

/// A GtkApplication run from Swift: `gtk_application_new`, a handler for "activate" and
/// `g_application_run`, for apps whose first window is a collection view.
///
/// ```swift
/// // main.swift
/// exit(MainActor.assumeIsolated {
///     CollectionViewApplication.run(id: "org.example.Hello") { app in
///         CollectionViewWindow(application: app, title: "Hello") { makeCollectionView() }.present()
///     }
/// })
/// ```
///
/// It hides nothing: ``application`` is the GtkApplication, for GTK's own API (actions,
/// menus, `g_application_quit`).
@MainActor
public final class CollectionViewApplication {
    /// The GtkApplication. It lives as long as the process.
    public let application: UnsafeMutablePointer<GtkApplication>

    /// Makes a GtkApplication with the given application id (reverse-DNS, such as
    /// `org.example.Hello`) and default flags. Call ``run(_:)`` to start it.
    public init(id: String) {
        application = gtk_application_new(id, G_APPLICATION_DEFAULT_FLAGS)!
    }

    /// Runs GTK's main loop until the application quits (its last window closes, or
    /// ``quit()``), calling `onActivate` each time GTK activates the application: the first
    /// time, make and present a window there. Returns the exit status for `exit(_:)`.
    ///
    /// Arguments on the command line are not passed to GTK.
    public func run(_ onActivate: @escaping @MainActor (CollectionViewApplication) -> Void) -> Int32 {
        Signal.connect(raw(application), "activate") { [unowned self] in onActivate(self) }
        return g_application_run(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self), 0, nil)
    }

    /// Makes an application with the id and runs it: ``init(id:)`` then ``run(_:)``.
    public static func run(id: String, _ onActivate: @escaping @MainActor (CollectionViewApplication) -> Void) -> Int32 {
        CollectionViewApplication(id: id).run(onActivate)
    }

    /// Ends ``run(_:)`` (`g_application_quit`); open windows are destroyed.
    public func quit() {
        g_application_quit(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self))
    }
}

/// A top-level window whose child is a collection view: title, default size, and the
/// ownership a window needs (the view holds its data source and delegate weakly, as in UIKit;
/// this window holds them strongly while it is open).
///
/// ```swift
/// let album = Album()
/// let window = CollectionViewWindow(application: app, title: "Album", width: 800, height: 600) {
///     let collectionView = CollectionView(collectionViewLayout: FlowLayout())
///     collectionView.register(LabelCell.self, forCellWithReuseIdentifier: "label")
///     collectionView.dataSource = album  // kept alive by the window
///     return collectionView
/// }
/// window.present()
/// ```
///
/// The window keeps itself alive until GTK destroys it (when the user closes it, or
/// ``close()``), so the caller need not keep it. ``window`` is the GtkWindow, for GTK's API.
@MainActor
public final class CollectionViewWindow {
    /// The GtkWindow (a GtkApplicationWindow when made with an application).
    public let window: WidgetPointer
    /// The collection view, the window's child.
    public let collectionView: CollectionView
    /// Objects the window keeps alive: the view's data source, delegate and prefetch data
    /// source as they were when the window was made, and whatever ``keepAlive(_:)`` added.
    private var owned: [AnyObject] = []

    /// Makes the window, not yet shown (call ``present()``).
    ///
    /// - Parameters:
    ///   - application: the application the window belongs to; it quits when its last window
    ///     closes. `nil` makes a plain GtkWindow (for a process that runs GTK's loop itself).
    ///   - title: the window title.
    ///   - width: the default width, in pixels.
    ///   - height: the default height, in pixels.
    ///   - content: makes the collection view; its data source, delegate and prefetch data
    ///     source, set by then, are kept alive by the window. Make them outside the closure
    ///     (the view holds them weakly, so one made inside it is gone when it returns).
    public init(application: CollectionViewApplication? = nil, title: String, width: Int = 800, height: Int = 600,
                content: () -> CollectionView) {
        window = application.map { gtk_application_window_new($0.application) } ?? gtk_window_new()
        collectionView = content()
        if let dataSource = collectionView.dataSource { owned.append(dataSource) }
        if let delegate = collectionView.delegate { owned.append(delegate) }
        if let prefetchDataSource = collectionView.prefetchDataSource { owned.append(prefetchDataSource) }
        let gtkWindow = window.as(GtkWindow.self)
        gtk_window_set_title(gtkWindow, title)
        gtk_window_set_default_size(gtkWindow, Int32(clamping: width), Int32(clamping: height))
        gtk_window_set_child(gtkWindow, collectionView.widget)
        // The GtkWindow owns this object: released when GTK finalizes the window.
        g_object_set_data_full(window.as(GObject.self), "cv-collection-view-window",
                               Unmanaged.passRetained(self).toOpaque()) { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
    }

    /// Keeps `object` alive as long as the window (a model, a controller...).
    public func keepAlive(_ object: AnyObject) {
        owned.append(object)
    }

    /// Shows the window and brings it to the front (`gtk_window_present`).
    public func present() {
        gtk_window_present(window.as(GtkWindow.self))
    }

    /// Closes and destroys the window (`gtk_window_destroy`).
    public func close() {
        gtk_window_destroy(window.as(GtkWindow.self))
    }
}
