/** The highest true peak a file may reach once its gain is applied. */
export const TRUE_PEAK_CEILING_DBTP = -1;

/**
 * The gain that brings a file to `targetLufs`, lowered when it would push the true peak over the
 * ceiling (a quiet file with loud peaks is raised less); 0 when the scan measured nothing (silence, or
 * a file scanned before loudness was measured). Rounded to a tenth of a dB.
 */
export function playbackGainDb(measured: { loudness_lufs: number | null; true_peak_dbtp: number | null }, targetLufs: number): number {
  if (measured.loudness_lufs === null || measured.true_peak_dbtp === null) return 0;
  const gain = Math.min(targetLufs - measured.loudness_lufs, TRUE_PEAK_CEILING_DBTP - measured.true_peak_dbtp);
  return Math.round(gain * 10) / 10 || 0;
}
