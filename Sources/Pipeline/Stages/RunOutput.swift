import ExpoModel
import ExpoSystem
import Export
import Foundation
import GuideCache
import Publication

/// Where a run publishes: the run's folders created, claimed and locked (held until `close`),
/// the output folder staged beside its destination, and the digests that let the run read
/// only what changed.
struct RunOutput {
    private let folders: RunFolders
    private let digests: FileDigests
    let output: OutputFolder

    /// Opened once the selection is known to be good; an output folder that holds anything but
    /// the guide's own files stops the run now, before anything is made (see `OutputFolder`).
    init(_ request: GuideRequest, progress: (GuideProgressEvent) -> Void) throws {
        folders = try RunFolders(
            request,
            onWait: { folder in
                progress(.warning("Another expo-narrate run is using \(folder); waiting for it to finish"))
            }, onNotice: { progress(.warning($0)) })
        // The cache remembers its files' and the published guide's digests, so a run reads only
        // what changed; not in a cache other hosts write (their file systems' times and inodes
        // are not this one's to vouch for).
        digests = FileDigests(ledger: request.assembleOnly ? nil : request.effectiveCacheFolder.map(TrackCache.digestLedger(in:)))
        do {
            output = try OutputFolder(destination: request.outputFolder, digests: digests)
        } catch {
            folders.removeOutputIfUnpublished()
            throw error
        }
        for note in output.notes { progress(.warning(note)) }
    }

    /// The tracks of the guide to publish, and the file stems to make now (nil: all). A run
    /// over some tracks in a folder that holds a guide re-publishes that whole guide: the chosen
    /// tracks made now, the others from the cache, never synthesized again.
    func guideTracks(
        _ narration: NarrationStage.Output, request: GuideRequest,
        progress: (GuideProgressEvent) -> Void
    ) throws -> (tracks: [Track], chosen: Set<String>?) {
        let published = request.selection == .all ? nil : try PublishedGuide.read(in: output)
        let (tracks, dropped) = PublishedGuide.guideTracks(all: narration.all, selected: narration.selected, published: published)
        if !dropped.isEmpty {
            progress(.warning("The published guide's \(dropped.joined(separator: ", ")) \(dropped.count == 1 ? "is" : "are") not in this catalog; left out"))
        }
        guard request.selection != .all else { return (tracks, nil) }
        guard let published else { return (tracks, Set(narration.selected.map(\.fileStem))) }
        try published.refuseChangedSettings(request.publishedSettings, folder: output.destination)
        return (tracks, published.tracksToMake(selected: narration.selected, current: request.provenance))
    }

    /// Swaps the staged guide in whole and remembers the digests of what it published.
    func publish(progress: (GuideProgressEvent) -> Void) throws {
        try output.publish()
        digests.save()
        for note in output.notes { progress(.warning(note)) }
    }

    /// Discards what is staged and not published (and the output folder itself when this run
    /// created it and published nothing into it), and lets the folders go.
    func close() {
        output.discard()
        folders.removeOutputIfUnpublished()
        withExtendedLifetime(folders) {}
    }
}
