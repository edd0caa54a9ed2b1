import ExpoSystem
import KoreanPronunciation
import Synthesis

/// A run's scheduling and memory policy, in one place: what overlaps what (the speech server's
/// start and the lexicon's load with the narration, the scripts with the synthesis) and when
/// memory the run freed is given back to the system. `GuideBuilder.build` calls it between
/// its stages.
final class RunSchedule {
    private let request: GuideRequest
    private let speech: (any SpeechSource)?
    private var lexiconLoad: BackgroundWork?

    /// The schedule of a run of `request`, with `speech` when it wants audio.
    init(request: GuideRequest, speech: (any SpeechSource)?) {
        self.request = request
        self.speech = speech
    }

    /// Starts what overlaps the narration. Loading espeak-ng and the voice overlaps with
    /// narrating a catalog that is not cached; assembling synthesizes nothing, so it starts no
    /// speech server. Every track's SSML (its cache key, even in a run that makes nothing) is
    /// pronounced with hunspell-ko's word classes: they are loaded on a thread of their own
    /// beside the narration, when a second thread may be had (under an address-space limit,
    /// its malloc arena is not).
    func beforeNarration(cached: Bool, pronouncer: StandardPronouncer) {
        if !cached && !request.assembleOnly { speech?.prepare(profile: request.profile) }
        if speech != nil, ParallelWork.defaultThreads >= 2 {
            lexiconLoad = BackgroundWork { [pronouncer] in pronouncer.loadLexicon() }
        }
    }

    /// Writes the scripts with `write`. With audio to make, they are written on a thread of
    /// their own while it is synthesized (the work returned, to be waited for), and what writing
    /// them freed is given back at once (the run's memory counts beside the speech workers');
    /// without audio, they are written now.
    func writeScripts(_ write: @escaping @Sendable () throws -> Void) throws -> BackgroundWork? {
        guard speech != nil else {
            try write()
            return nil
        }
        return BackgroundWork {
            try write()
            HeapMemory.releaseFreePages()
        }
    }

    /// Once synthesis is done: the speech server's memory, and what synthesis freed in this
    /// process, are given back before the guide is assembled, when the check helper starts
    /// beside the run.
    func afterSynthesis() {
        speech?.close()
        HeapMemory.releaseFreePages()
    }

    /// Waits for the lexicon's load, however it ended (the end of the run).
    func finish() {
        lexiconLoad?.waitQuietly()
    }
}
