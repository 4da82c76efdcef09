import { useCallback, useEffect, useState } from 'react';
import {
  DEFAULT_MICROPHONE,
  loadMicrophoneChoice,
  microphoneOptions,
  saveMicrophoneChoice,
  type MicrophoneOption,
} from '../utils/microphone-choice.ts';

/**
 * The microphones this device has and the one chosen (remembered on this device). Listed again
 * when one is plugged in or out, and when `refreshKey` changes: names only show once
 * microphone access has been granted, i.e. after the first recording starts.
 */
export function useMicrophones(refreshKey: unknown) {
  const [options, setOptions] = useState<MicrophoneOption[]>([DEFAULT_MICROPHONE]);
  const [chosen, setChosen] = useState(loadMicrophoneChoice);
  const [listed, setListed] = useState(false);

  useEffect(() => {
    const devices = navigator.mediaDevices;
    if (!devices?.enumerateDevices) return;
    let current = true;
    const list = () =>
      void devices
        .enumerateDevices()
        .then((found) => {
          if (!current) return;
          setOptions(microphoneOptions(found));
          setListed(true);
        })
        .catch(() => undefined);
    list();
    devices.addEventListener('devicechange', list);
    return () => {
      current = false;
      devices.removeEventListener('devicechange', list);
    };
  }, [refreshKey]);

  const choose = useCallback((id: string) => {
    saveMicrophoneChoice(id);
    setChosen(id);
  }, []);

  // A remembered microphone that is no longer there: the default is used, and shown.
  const gone = listed && !options.some((option) => option.id === chosen);
  return { options, chosen: gone ? '' : chosen, choose };
}
