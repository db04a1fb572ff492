/** A file part of a hand-built multipart body. */
export interface MultipartFile {
  name: string;
  filename: string;
  type: string;
  data: Buffer;
}

/**
 * A multipart/form-data body built by hand (inject takes a Buffer and the header). Fields may
 * repeat a name (pairs) or not (a record); files follow them.
 */
export function multipart(fields: Record<string, string> | [string, string][], files: MultipartFile[] = []) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
