import { adaptationStateSchema } from '@voxpad/shared/adaptation';
import { named, noContent, ok, type ApiOperation } from '../operation.ts';

const State = named('AdaptationState', adaptationStateSchema);

export const adaptationOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/adaptation/',
    id: 'getAdaptation',
    tag: 'Adaptation',
    summary: 'What the recogniser learnt about you',
    description:
      'From your reviewed notes and vocabulary: the state of your personal models and how much they help.',
    auth: 'session',
    responses: { 200: ok('The adaptation state.', State) },
  },
  {
    method: 'POST',
    path: '/adaptation/',
    id: 'rebuildAdaptation',
    tag: 'Adaptation',
    summary: 'Rebuild your personal models now',
    auth: 'session',
    responses: { 202: ok('Queued; the state now.', State) },
  },
  {
    method: 'DELETE',
    path: '/adaptation/',
    id: 'forgetAdaptation',
    tag: 'Adaptation',
    summary: 'Forget everything learnt',
    description:
      'Your notes stay; they are decoded with the standard models again, and your voice profile is forgotten.',
    auth: 'session',
    responses: { 204: noContent('The personal models and the voice profile are gone.') },
  },
  {
    method: 'DELETE',
    path: '/adaptation/voice/',
    id: 'forgetVoiceProfile',
    tag: 'Adaptation',
    summary: 'Forget your voice',
    description:
      'The voice profile learnt from your corrected notes goes; new notes name nobody "You" until you teach it again. Notes that taught it do not teach it again.',
    auth: 'session',
    responses: { 204: noContent('The voice profile is gone.') },
  },
];
