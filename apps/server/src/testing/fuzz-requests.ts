import fc from 'fast-check';

/** The part of JSON Schema the OpenAPI document of the routes uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
}

interface OpenApiParameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

/** One route of the document: what its requests may carry. */
export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, with {name} for path values. */
  path: string;
  pathParams: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  /** The JSON body's schema, or undefined for a route without a body. */
  body: JsonSchema | undefined;
  multipart: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function routesOf(document: OpenApiDocument): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const params = operation.parameters ?? [];
      const pick = (where: OpenApiParameter['in']) =>
        Object.fromEntries(params.filter((p) => p.in === where).map((p) => [p.name, p.schema ?? {}]));
      const content = operation.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase() as FuzzRoute['method'],
        path,
        pathParams: pick('path'),
        query: pick('query'),
        body: content['application/json']?.schema ?? (Object.keys(content).length > 0 ? {} : undefined),
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return routes;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const LONG_STRING = 'a'.repeat(100_000);
const HUGE_ARRAY = Array.from({ length: 10_000 }, (_, i) => i);

/** Strings that break naive code: empty, long, control and bidi characters, lone surrogates, syntax of other languages. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1.5',
    '1e308',
    '-0',
    '2147483648',
    '9007199254740993',
    '0x1f',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    '\u0000',
    'a\u0000b',
    '\u202e\u0627\u0644\u0639\u0631\u0628\u064a\u0629\u202c',
    '\u200f\u05e9\u05dc\u05d5\u05dd',
    '\ud800',
    '\udfff',
    '\ud83d\ude00\ud83d\udc4d\ud83c\udffd',
    'e\u0301\u0301\u0301',
    LONG_STRING,
    "' OR 1=1 --",
    '%',
    '_',
    '\\',
    '%00',
    '../../../etc/passwd',
    '<script>alert(1)</script>',
    '{{field}}',
    '$where',
    'SELECT pg_sleep(1)',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  // UTF-16 code units one by one: lone surrogates included.
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.1, 1.5, 1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constant(HUGE_ARRAY),
);

/** Any JSON value, a little nested. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 4 }) },
);

// ---------------------------------------------------------------------------------------------
// Schema-aware values, mixed with the hostile ones

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

function validish(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((v) => valueFor(v, depth)));
  const arbitraries = typesOf(schema).map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return fc.oneof(
          fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) }),
          fc.integer({ min: 0, max: 1_000_000 }).map(String),
          fc.emailAddress(),
        );
      case 'integer':
        return fc.oneof(
          fc.integer({
            min: Math.max(schema.minimum ?? -10, -(2 ** 31)),
            max: Math.min(schema.maximum ?? 1000, 2 ** 31),
          }),
          fc.integer({ min: 1, max: 60 }),
        );
      case 'number':
        return fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.double({ min: -1000, max: 1000, noNaN: true }));
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(valueFor(schema.items ?? {}, depth + 1), { maxLength: 4 });
      case 'object':
        return objectFor(schema, depth + 1);
      default:
        return anyJson;
    }
  });
  return arbitraries.length > 0 ? fc.oneof(...arbitraries) : anyJson;
}

/** A value for a schema: mostly one that fits or nearly fits, else anything at all. */
export function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 3) return leaf;
  return fc.oneof({ weight: 3, arbitrary: validish(schema, depth) }, { weight: 2, arbitrary: anyJson });
}

const EXTRA_KEYS = ['extra', 'role', 'is_admin', 'user_id', 'id', 'price', 'status', 'verified_at'];

/** An object with some of its properties (missing ones are the point), sometimes extra ones. */
export function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, value]) => [key, valueFor(value, depth)]),
  );
  return fc
    .tuple(
      fc.record(properties, { requiredKeys: [] }),
      fc.option(fc.dictionary(fc.constantFrom(...EXTRA_KEYS), anyJson, { maxKeys: 2 }), { freq: 4 }),
    )
    .map(([known, extra]) => ({ ...known, ...(extra ?? {}) }));
}

/**
 * An object whose every property fits its schema (the required ones always there): requests
 * that get past validation, so the handlers and the database see generated values too.
 */
export function fittingObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, value]) => [key, validish(value, 1)]),
  );
  return fc.record(properties, { requiredKeys: schema.required ?? [] });
}

// ---------------------------------------------------------------------------------------------
// Whole requests

export interface FuzzRequest {
  method: FuzzRoute['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Signed in with the test user's bearer token. */
  signedIn: boolean;
}

const DEEP_JSON = `${'['.repeat(1000)}${']'.repeat(1000)}`;
const BIG_BODY = JSON.stringify({ name: 'x'.repeat(1.1 * 1024 * 1024) });

/** Bodies no serializer makes: bad JSON, prototype keys, duplicate keys, deep nesting, too big. */
const rawJsonBody = fc.constantFrom(
  '',
  '{',
  '{"name":',
  '{"a":1,}',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '[{}]',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"product_id":1,"product_id":"x"}',
  '{"phone":"1","phone":null}',
  DEEP_JSON,
  BIG_BODY,
  '\u0000',
  '\ufeff{}',
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'image/png',
];

function multipartBody(fields: Record<string, unknown>, file: Uint8Array | null) {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`,
  );
  const chunks: Buffer[] = parts.map((p) => Buffer.from(p));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profile_photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from(file),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const pathValue = (schema: JsonSchema) =>
  fc.oneof({ weight: 3, arbitrary: validish(schema, 0) }, { weight: 2, arbitrary: hostileString }).map((v) => {
    const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
    // A path value may be anything but must stay one path segment (encodeURIComponent fails on lone surrogates).
    try {
      return encodeURIComponent(text) || '%20';
    } catch {
      return '%ED%A0%80';
    }
  });

function queryString(query: Record<string, JsonSchema>): fc.Arbitrary<string> {
  const schema = { properties: query };
  return fc.oneof(objectFor(schema), fittingObject(schema)).map((values) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) {
      const list = Array.isArray(value) ? value : [value];
      for (const item of list.slice(0, 5)) {
        const text = typeof item === 'string' ? item : (JSON.stringify(item) ?? '');
        search.append(key, text.replace(/[\ud800-\udfff]/g, '\ufffd'));
      }
    }
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

const LANGUAGES = ['en', 'ar', 'id', 'id-ID,id;q=0.9', 'xx', '*', 'ar;q=abc', ''];

/** Requests for one route: its path values, query and body, generated and mutated. */
export function requestsFor(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const pathNames = Object.keys(route.pathParams);
  const path = fc
    .tuple(...pathNames.map((name) => pathValue(route.pathParams[name] ?? {})))
    .map((values) => pathNames.reduce((url, name, i) => url.replace(`{${name}}`, values[i] as string), route.path));

  type Body = { payload?: string | Buffer; contentType?: string };
  const bodies: fc.Arbitrary<Body>[] = [fc.constant({})];
  if (route.body) {
    const schema = route.body;
    bodies.push(
      objectFor(schema).map((value) => ({ payload: JSON.stringify(value), contentType: 'application/json' })),
      fittingObject(schema).map((value) => ({ payload: JSON.stringify(value), contentType: 'application/json' })),
      anyJson.map((value) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' })),
      fc
        .tuple(rawJsonBody, fc.constantFrom(...CONTENT_TYPES))
        .map(([payload, contentType]) => ({ payload, contentType })),
      fc
        .tuple(objectFor(schema), fc.constantFrom(...CONTENT_TYPES))
        .map(([value, contentType]) => ({ payload: JSON.stringify(value), contentType })),
    );
    if (route.multipart) {
      bodies.push(
        fc
          .tuple(objectFor(schema), fc.option(fc.uint8Array({ maxLength: 64 })))
          .map(([fields, file]) => multipartBody(fields, file)),
      );
    }
  }

  return fc
    .record({
      path,
      query: queryString(route.query),
      body: fc.oneof(...bodies),
      signedIn: fc.boolean(),
      language: fc.constantFrom(...LANGUAGES),
    })
    .map(({ path, query, body, signedIn, language }) => {
      const headers: Record<string, string> = {};
      if (language) headers['accept-language'] = language;
      if (body.contentType) headers['content-type'] = body.contentType;
      return { method: route.method, url: `${path}${query}`, headers, payload: body.payload, signedIn };
    });
}
