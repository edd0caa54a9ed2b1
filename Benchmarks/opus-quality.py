#!/usr/bin/env python3
"""Compares the Opus tracks of several guides against their WAV masters, as a listener's
decoder plays them (ffmpeg decodes, at 48 kHz), so that an encoder change can be shown to keep
the quality at the same bitrate.

Usage: Benchmarks/opus-quality.py MASTER_DIR LABEL=DIR [LABEL=DIR ...]

MASTER_DIR holds NAME.wav (an expo-narrate output folder); each DIR holds NAME.opus. Per label
it prints: total size (and mean bitrate), decoded loudness (ffmpeg ebur128, mean and range of
|decoded − master|), the worst true peak, the log-spectral distance to the master (mean over
20 ms frames above −50 dBFS, 60 Hz–11 kHz, in dB: lower is closer) and the waveform SNR
(decoded against the master, aligned; speech codecs keep the spectrum more than the waveform,
so read it as a second check). Needs ffmpeg and numpy.
"""
import pathlib
import re
import subprocess
import sys

import numpy as np

RATE = 48_000


def decode(path):
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", str(path), "-ac", "1", "-ar", str(RATE), "-f", "f32le", "-"],
                         check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype="<f4").astype(np.float64)


def ebur128(path):
    err = subprocess.run(["ffmpeg", "-nostats", "-hide_banner", "-i", str(path), "-af", "ebur128=peak=true",
                          "-f", "null", "-"], capture_output=True, text=True).stderr
    summary = err[err.rfind("Summary:"):]
    loudness = float(re.search(r"I:\s+(-?[\d.]+|-inf) LUFS", summary).group(1))
    peak = float(re.search(r"Peak:\s+(-?[\d.]+|-inf) dBFS", summary).group(1))
    return loudness, peak


def spectra(signal, frame=1024, hop=480):
    window = np.hanning(frame)
    count = max(0, (len(signal) - frame) // hop)
    frames = np.stack([signal[i * hop:i * hop + frame] * window for i in range(count)])
    return frames, np.abs(np.fft.rfft(frames, axis=1)) ** 2


def compare(master, decoded):
    length = min(len(master), len(decoded))
    master, decoded = master[:length], decoded[:length]
    # Alignment: both decoders remove their codec's delay; check it within ±5 ms.
    lags = range(-240, 241)
    probe = slice(RATE, min(length, 31 * RATE))
    scores = [np.dot(master[probe], np.roll(decoded, lag)[probe]) for lag in lags]
    lag = lags[int(np.argmax(scores))]
    decoded = np.roll(decoded, lag)
    frames, reference = spectra(master)
    _, coded = spectra(decoded)
    loud = 10 * np.log10(np.mean(frames ** 2, axis=1) + 1e-20) > -50
    freqs = np.fft.rfftfreq(1024, 1 / RATE)
    band = (freqs >= 60) & (freqs <= 11_000)
    floor = 1e-10
    diff = 10 * np.log10(coded[loud][:, band] + floor) - 10 * np.log10(reference[loud][:, band] + floor)
    lsd = float(np.mean(np.sqrt(np.mean(diff ** 2, axis=1))))
    noise = np.sum((decoded - master) ** 2)
    snr = 10 * np.log10(np.sum(master ** 2) / noise) if noise > 0 else float("inf")
    return lsd, snr, lag


def main():
    master_dir = pathlib.Path(sys.argv[1])
    labels = [arg.split("=", 1) for arg in sys.argv[2:]]
    names = sorted(p.stem for p in master_dir.glob("*.wav") if p.stem != "guide")
    masters = {name: decode(master_dir / f"{name}.wav") for name in names}
    master_loudness = {name: ebur128(master_dir / f"{name}.wav")[0] for name in names}
    print(f"{len(names)} tracks; master loudness {min(master_loudness.values()):.2f} to {max(master_loudness.values()):.2f} LUFS")
    print(f"{'encoding':<22} {'bytes':>9} {'kb/s':>6} {'|ΔI| mean':>9} {'|ΔI| max':>8} {'worst TP':>9} "
          f"{'LSD dB':>7} {'SNR dB':>7} {'lag':>4}")
    for label, folder in labels:
        folder = pathlib.Path(folder)
        size = sum((folder / f"{name}.opus").stat().st_size for name in names)
        seconds = sum(len(masters[name]) for name in names) / RATE
        deltas, peaks, lsds, snrs, lags = [], [], [], [], []
        for name in names:
            loudness, peak = ebur128(folder / f"{name}.opus")
            deltas.append(abs(loudness - master_loudness[name]))
            peaks.append((peak, name))
            lsd, snr, lag = compare(masters[name], decode(folder / f"{name}.opus"))
            lsds.append(lsd); snrs.append(snr); lags.append(abs(lag))
        worst = max(peaks)
        print(f"{label:<22} {size:9d} {size * 8 / seconds / 1000:6.2f} {np.mean(deltas):9.3f} {max(deltas):8.3f} "
              f"{worst[0]:+9.2f} {np.mean(lsds):7.3f} {np.median(snrs):7.2f} {max(lags):4d}   worst: {worst[1]}")


if __name__ == "__main__":
    main()
