import { noContent, type ApiOperation } from '../operation.ts';

/** This document and its reference page. */
export const descriptionOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/openapi.json',
    id: 'getOpenApiDocument',
    tag: 'API description',
    summary: 'This API as an OpenAPI 3.1 document',
    auth: 'public',
    headers: [{ name: 'If-None-Match', description: 'The ETag of the copy you have.' }],
    responses: {
      200: {
        description: 'The OpenAPI document.',
        content: { contentTypes: ['application/json'] },
        headers: [{ name: 'ETag', description: 'The document’s version.', required: true }],
      },
      304: noContent('Your copy is current.'),
    },
  },
  {
    method: 'GET',
    path: '/docs',
    id: 'getApiReference',
    tag: 'API description',
    summary: 'This API’s reference, as a page to read',
    auth: 'public',
    headers: [{ name: 'If-None-Match', description: 'The ETag of the copy you have.' }],
    responses: {
      200: {
        description: 'The reference page.',
        content: { contentTypes: ['text/html'] },
        headers: [{ name: 'ETag', description: 'The page’s version.', required: true }],
      },
      304: noContent('Your copy is current.'),
    },
  },
];
