import CollectionLayout

/// What went wrong, in words that name the element and the rule.
public enum CollectionViewError: Error, CustomStringConvertible, Equatable {
    /// Dequeuing an identifier (or kind) that nothing was registered for.
    case unregistered(String, category: ElementCategory)
    /// A GtkBuilder template could not be loaded.
    case templateFailed(template: String, message: String)
    /// A template has no widget with the root id.
    case templateRootMissing(template: String, root: String)
    /// The data source returned a view that this collection view did not dequeue, or of the
    /// wrong category.
    case foreignView(String)
    /// The data source has no view for a supplementary element the layout places.
    case missingSupplementaryView(kind: String, indexPath: IndexPath)
    /// The layout returned unusable attributes (NaN or infinite frames, paths out of range).
    case invalidLayoutAttributes(String)
    /// A batch update broke a rule; the view reloaded from the data source instead.
    case invalidUpdate(BatchUpdateError)
    /// A method was given an index path that names no item.
    case invalidIndexPath(String, IndexPath)
    /// Work asked for from inside callbacks kept asking for more work (each reload, update or
    /// scroll queued another) past `WorkQueue.drainLimit` in a row; the rest was dropped so the
    /// main loop could go on.
    case runawayCallbackWork(dropped: Int)
    /// After an interactive movement, the data source's counts were not those the view showed
    /// with the item moved (its `moveItemAt` did not move it); the view reloaded.
    case inconsistentMove(from: IndexPath, to: IndexPath, shown: [Int], reported: [Int])
    /// A cell or supplementary registration (named) was made again inside the data source's
    /// provider, once per view it was asked for; the view reused cells across those
    /// registrations.
    case registrationMadeInProvider(String)
    /// A context menu item's accelerator is not one GTK can read
    /// (``ContextMenuItem/accelerator``); the item was shown without it.
    case invalidMenuAccelerator(item: String, accelerator: String)
    /// A widget given to the view (as its `backgroundView`) is already in another widget; it
    /// was not taken.
    case widgetHasParent(property: String, type: String)
    /// A list row's image could not be shown: an icon name (`isFile` false) the icon theme
    /// does not have, or an image file (`isFile` true) that did not load. The row shows the
    /// theme's `image-missing` icon; each is reported once per collection view.
    case imageUnavailable(String, isFile: Bool)
    /// A section snapshot could not be applied to a diffable data source's section (an item of
    /// it is in another section); nothing changed.
    case invalidSectionSnapshot(SnapshotError)
    /// An expansion handler expanded or collapsed a row (named by its index path) while the
    /// data source was expanding a subtree row by row (`*`, or `includingDescendants`); the
    /// nested change was ignored, so the subtree's batch stays whole.
    case expansionDuringSubtreeExpand(IndexPath)

    /// The problem in words: what was wrong, where, and what to do about it or how the view
    /// recovered.
    public var description: String {
        switch self {
        case .unregistered(let what, let category):
            let how = switch category {
            case .cell: "register(_:forCellWithReuseIdentifier:) or register(template:...)"
            case .supplementaryView: "register(_:forSupplementaryViewOfKind:withReuseIdentifier:)"
            case .decorationView: "the layout's register(_:forDecorationViewOfKind:)"
            }
            return "could not dequeue a \(what): nothing is registered for it. Register a class or template with \(how) first."
        case .templateFailed(let template, let message):
            return "could not load the \(template): \(message)"
        case .templateRootMissing(let template, let root):
            return "the \(template) has no widget with id '\(root)'"
        case .foreignView(let what):
            return "the data source returned \(what); views must come from this collection view's dequeue methods"
        case .missingSupplementaryView(let kind, let indexPath):
            return "the layout places a supplementary view of kind '\(kind)' at \(Array(indexPath)), but the data source does not implement collectionView(_:viewForSupplementaryElementOfKind:at:)"
        case .invalidLayoutAttributes(let what):
            return "the layout returned unusable attributes: \(what)"
        case .invalidUpdate(let error):
            let rule = error.description.hasSuffix(".") ? String(error.description.dropLast()) : error.description
            return "\(rule). The collection view reloaded its data from the data source instead."
        case .runawayCallbackWork(let dropped):
            return "work asked for from inside callbacks kept asking for more (over 10,000 reloads, updates or layout changes in a row); the last \(dropped) were dropped. A callback probably asks for work every time it runs, such as a reload from cellForItemAt."
        case .inconsistentMove(let from, let to, let shown, let reported):
            return "after collectionView(_:moveItemAt:to:) from \(Array(from)) to \(Array(to)) the data source reports \(reported) items per section, but the view showed \(shown) with the item moved; move the item in the data there. The collection view reloaded its data from the data source instead."
        case .registrationMadeInProvider(let name):
            return "a \(name) was made more than once, inside the data source's provider: each one has a queue of its own, so no view would ever be reused. Make registrations once, before the first dequeue (a property of the data source's owner); the view reused views across these meanwhile."
        case .invalidMenuAccelerator(let item, let accelerator):
            return "the context menu item '\(item)' has the accelerator '\(accelerator)', which GTK cannot read (write it as \"<Control>c\", \"Delete\", \"<Shift>Delete\"); it was shown without it"
        case .widgetHasParent(let property, let type):
            return "the \(type) given as \(property) is already in another widget; take it out of its parent first (gtk_widget_unparent, or its container's remove). The \(property) stayed as it was"
        case .imageUnavailable(let name, isFile: false):
            return "the icon '\(name)' is not in the icon theme, so its rows show 'image-missing' instead. Check the name, or add the app's icons to the theme (gtk_icon_theme_add_resource_path or add_search_path)."
        case .imageUnavailable(let path, isFile: true):
            return "the image file '\(path)' could not be loaded (missing, unreadable or not an image), so its rows show 'image-missing' instead."
        case .invalidIndexPath(let method, let indexPath):
            return "\(method) was given the index path \(Array(indexPath)), which names no item; it was ignored"
        case .invalidSectionSnapshot(let error):
            return "The section snapshot was not applied: \(error)"
        case .expansionDuringSubtreeExpand(let indexPath):
            return "setExpanded(_:itemAt:includingDescendants:animated:) for \(Array(indexPath)) was called from an expansion handler while a subtree was expanding; it was ignored. Expand it after the handler returns."
        }
    }
}
