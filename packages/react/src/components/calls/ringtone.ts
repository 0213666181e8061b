/**
 * A ringtone drawn with Web Audio (two short tones every two seconds), so the kit ships no sound file. Browsers may
 * keep audio silent until the page was interacted with; the incoming-call sheet shows either way.
 */
export function playRingtone(): () => void {
  const AudioContextClass =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return () => undefined;
  const audio = new AudioContextClass();
  const ring = () => {
    for (const [offset, frequency] of [
      [0, 880],
      [0.45, 660],
    ] as const) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.08, audio.currentTime + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + offset + 0.4);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(audio.currentTime + offset);
      oscillator.stop(audio.currentTime + offset + 0.4);
    }
  };
  ring();
  const timer = setInterval(ring, 2000);
  return () => {
    clearInterval(timer);
    void audio.close();
  };
}
