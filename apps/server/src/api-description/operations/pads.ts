import { createPadSchema, padSchema, updatePadSchema } from '@voxpad/shared/pads';
import { pageQuerySchema, pageSchema } from '@voxpad/shared/pagination';
import { jsonBody, named, noContent, notFound, ok, problem, type ApiOperation } from '../operation.ts';
import { PAD } from './path-params.ts';

const Pad = named('Pad', padSchema);

export const padOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/pad/',
    id: 'listPads',
    tag: 'Pads',
    summary: 'List your pads',
    description:
      'Newest first, `limit` at a time (20 unless asked, at most 100); follow `next` and `previous` to page. ' +
      'The answer carries a weak ETag: send it back in `If-None-Match` to get 304 while nothing changed.',
    auth: 'session',
    query: pageQuerySchema,
    headers: [{ name: 'If-None-Match', description: 'The ETag of a page read before.' }],
    responses: {
      200: ok('A page of pads.', named('PadPage', pageSchema(padSchema)), [
        { name: 'ETag', description: 'The version of your pad list.', required: true },
      ]),
      304: noContent('The pad list has not changed since the ETag sent.'),
      400: problem('The page link (`cursor`) or `limit` is not valid.'),
    },
  },
  {
    method: 'POST',
    path: '/pad/',
    id: 'createPad',
    tag: 'Pads',
    summary: 'Create a pad',
    auth: 'session',
    body: jsonBody(named('CreatePad', createPadSchema), { name: 'Beekeeping', color: 'amber', icon: '🐝' }),
    responses: {
      201: ok('The new pad.', Pad),
      403: problem('The account has as many pads as it may hold (`pad_limit_reached`).'),
    },
  },
  {
    method: 'GET',
    path: '/pad/{padId}/',
    id: 'getPad',
    tag: 'Pads',
    summary: 'Read a pad',
    auth: 'session',
    pathParams: PAD,
    responses: { 200: ok('The pad, with its totals.', Pad), 404: notFound('The pad') },
  },
  {
    method: 'PUT',
    path: '/pad/{padId}/',
    id: 'updatePad',
    tag: 'Pads',
    summary: 'Change a pad',
    description: '`color` and `icon` may be left out, which keeps them as they are.',
    auth: 'session',
    pathParams: PAD,
    body: jsonBody(named('UpdatePad', updatePadSchema), { name: 'Bees', description: 'Hive inspections' }),
    responses: { 200: ok('The changed pad.', Pad), 404: notFound('The pad') },
  },
  {
    method: 'DELETE',
    path: '/pad/{padId}/',
    id: 'deletePad',
    tag: 'Pads',
    summary: 'Delete a pad and its voice notes',
    auth: 'session',
    pathParams: PAD,
    responses: { 204: noContent('The pad and its notes are gone.'), 404: notFound('The pad') },
  },
];
