import CGtk
import GtkGlue
import CollectionLayout
import CollectionViewGtk
import Foundation

/// Drag and drop with other apps. Out: a tile carries its title as text, its file (a folder's
/// photo, a dropped picture) and its picture. In: image files from a file manager. Into an
/// open folder they are copied, and only when the drop is a copy (a move would take the file
/// away from where the user keeps it); they then appear through the folder's own monitoring.
/// Into the catalogue they become items that show the file where it is (nothing is copied).
/// Drags with no image file are refused; an unreadable file is a message.
@MainActor
final class GalleryDragAndDrop: CollectionViewDragDelegate, CollectionViewDropDelegate {
    unowned let gallery: GalleryWindow
    init(window: GalleryWindow) { gallery = window }

    /// The files of the drag hovering the view, once read (the proposal depends on them).
    private var hovering: (session: ObjectIdentifier, files: [String]?)?
    private var lastProposal: DropOperation?

    // MARK: Dragging out

    func collectionView(_ collectionView: CollectionView, itemsForBeginningDragAt indexPath: IndexPath) -> [DragItem] {
        guard let tile = gallery.content.tile(at: indexPath) else { return [] }
        let picture = tile.texture ?? tile.uri.flatMap { gallery.thumbnails.cache.texture(for: $0) }
        GalleryLog.event("drag \(indexPath.section).\(indexPath.item)")
        return [DragItem(text: tile.title, fileURIs: tile.uri.map { [$0] } ?? [], texture: picture?.pointer)]
    }

    func collectionView(_ collectionView: CollectionView, dragSessionDidEndWith operation: DropOperation) {
        GalleryLog.event("drag ended \(operation)")
    }

    // MARK: Dropping in

    func collectionView(_ collectionView: CollectionView, canHandle session: DropSession) -> Bool {
        session.canLoadFiles
    }

    func collectionView(_ collectionView: CollectionView, dropSessionDidUpdate session: DropSession,
                        withDestinationIndexPath destinationIndexPath: IndexPath?) -> DropProposal {
        let id = ObjectIdentifier(session)
        if hovering?.session != id {
            hovering = (id, nil)
            // Read the files while hovering (the next motion proposes with them).
            session.loadFileURIs { [weak self] files in
                guard let self, self.hovering?.session == id else { return }
                self.hovering = (id, files)
            }
        }
        let proposal = propose(for: hovering?.files, folderSection: destinationIndexPath?.section)
        if proposal.operation != lastProposal {
            lastProposal = proposal.operation
            GalleryLog.event("drop proposal \(proposal.operation)")
        }
        return proposal
    }

    /// Copy for image files from elsewhere: at the pointer in the catalogue, wherever the name
    /// sorts in a folder. Forbidden when none of the files (once read) is an image that is not
    /// already in the folder.
    private func propose(for files: [String]?, folderSection: Int?) -> DropProposal {
        if let files, wanted(files, section: folderSection).isEmpty { return DropProposal(operation: .forbidden) }
        return DropProposal(operation: .copy, intent: gallery.folder == nil ? .insertAtDestinationIndexPath : .unspecified)
    }

    /// The image files among `files` (URIs) the drop would add: local files with an image's name.
    private func wanted(_ files: [String], section: Int?) -> [String] {
        let images = files.filter { uri in
            PhotoURI.withPath(uri) { $0 != nil } && FolderContent.isImage(name: PhotoURI.displayName(uri))
        }
        guard gallery.folder != nil else { return images }
        let destination = folderURI(forSection: section)
        return images.filter { PhotoURI.parent(of: $0) != destination }
    }

    /// The folder a drop into a section of an open folder goes to (its URI): the section's own
    /// folder by name; by date (sections are months), the open folder itself.
    private func folderURI(forSection section: Int?) -> String {
        guard let folder = gallery.folder else { return "" }
        guard folder.order == .name else { return folder.rootURI }
        return section.flatMap { folder.dataSource?.sectionKey(ofSection: $0) } ?? folder.rootURI
    }

    func collectionView(_ collectionView: CollectionView, performDrop session: DropSession, at destinationIndexPath: IndexPath?) {
        let operation = session.operation
        session.loadFileURIs { [weak self] files in
            guard let self else { return }
            let images = self.wanted(files, section: destinationIndexPath?.section)
            GalleryLog.event("drop \(operation.map { "\($0)" } ?? "none") files=\(files.count) images=\(images.count)")
            let others = files.count - images.count
            if self.gallery.folder != nil {
                guard operation == .copy else {
                    self.gallery.showMessage(UserText("Pictures are only copied into a folder: drop them without moving."))
                    return
                }
                self.copy(images, into: self.folderURI(forSection: destinationIndexPath?.section))
            } else {
                self.add(images, at: destinationIndexPath ?? IndexPath(item: 0, section: 0))
            }
            if others > 0 {
                self.gallery.showMessage(UserText.ntr("%d dropped file is not a new image and was not added.",
                                                      "%d dropped files are not new images and were not added.", others, others))
            }
        }
    }

    func collectionView(_ collectionView: CollectionView, dropSessionDidEnd session: DropSession) {
        hovering = nil
        lastProposal = nil
    }

    /// Catalogue items that show the dropped files (URIs) where they are.
    private func add(_ uris: [String], at destination: IndexPath) {
        var at = destination
        for uri in uris {
            // Checked by the path's bytes: a name that is not UTF-8 is still the file.
            guard PhotoURI.withPath(uri, { $0.map { access($0, R_OK) == 0 } ?? false }) else {
                gallery.showMessage(UserText("The dropped file “%s” cannot be read.", PhotoURI.displayPath(uri)))
                continue
            }
            let title = (PhotoURI.displayName(uri) as NSString).deletingPathExtension
            gallery.insert(title: title, uri: uri, at: at)
            GalleryLog.event("drop added \(title) at \(at.section).\(at.item)")
            at.item += 1
        }
    }

    /// Copies the files (URIs) into `folder`, never over a file already there; the folder's
    /// monitoring shows them.
    private func copy(_ uris: [String], into folderURI: String) {
        for uri in uris {
            let source = g_file_new_for_uri(uri)!
            let name = g_file_get_basename(source)!
            let destination = PhotoURI.withFile(folderURI) { g_file_get_child($0, name)! }
            g_free(name)
            let target = PhotoURI.displayPath(PhotoURI.of(file: destination))
            guard g_file_query_exists(destination, nil) == 0 else {
                gallery.showMessage(UserText("The folder already has a file named “%s”; the dropped one was not copied.",
                                             PhotoURI.displayName(uri)))
                g_object_unref(raw(source)); g_object_unref(raw(destination))
                continue
            }
            let (callback, data) = Async.callback { [weak self] result in
                defer { g_object_unref(raw(source)); g_object_unref(raw(destination)) }
                var error: UnsafeMutablePointer<GError>?
                if g_file_copy_finish(source, result, &error) != 0 {
                    GalleryLog.event("drop copied \(target)")
                } else {
                    let reason = error.map { String(cString: $0.pointee.message) } ?? tr("unknown error")
                    if error != nil { g_error_free(error) }
                    self?.gallery.showMessage(UserText("The dropped file “%1$s” could not be copied: %2$s", PhotoURI.displayPath(uri), reason))
                }
            }
            g_file_copy_async(source, destination, G_FILE_COPY_NONE, Int32(G_PRIORITY_DEFAULT), nil, nil, nil, callback, data)
        }
    }
}
