/** The API's reference: its OpenAPI document and the page reading it, made once per function instance. */
import { config } from '../../platform/config.ts';
import { renderDocsPage } from './docs-page.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.ts';

let document: OpenApiDocument | undefined;
let page: string | undefined;

export const openApiDocument = (): OpenApiDocument => (document ??= buildOpenApiDocument({ version: config().APP_VERSION }));

export const docsPage = (): string => (page ??= renderDocsPage(openApiDocument()));
