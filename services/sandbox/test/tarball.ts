// An npm tarball built in memory, for a package that expands far past its download: a valid package.json and
// index.js, then files of almost only zeros that gzip about 125 to 1 (npm itself stops a ratio past 1000, so a
// bomb that gets through stays under it).
import { gzipSync } from 'node:zlib'

/** A ustar header of a regular file `name` of `size` bytes. */
function header(name: string, size: number): Buffer {
  const h = Buffer.alloc(512)
  h.write(name, 0, 100, 'utf8')
  h.write('0000644\0', 100)
  h.write('0000000\0', 108)
  h.write('0000000\0', 116)
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124)
  h.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  )
  h.write('        ', 148)
  h.write('0', 156)
  h.write('ustar\0', 257)
  h.write('00', 263)
  let sum = 0
  for (const b of h) sum += b
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148)
  return h
}

const entry = (name: string, body: Buffer) => [
  header(name, body.length),
  body,
  Buffer.alloc((512 - (body.length % 512)) % 512),
]

/**
 * A gzipped npm tarball of `name` whose `count` files of `fileBytes` bytes expand to count × fileBytes: one gzip
 * member per file, concatenated (a valid gzip stream, and far quicker to make than one member).
 */
export function bombTarball(name: string, count: number, fileBytes: number): Buffer {
  const manifest = Buffer.from(JSON.stringify({ name, version: '1.0.0', bin: { [name]: 'index.js' } }))
  const head = Buffer.concat([
    ...entry('package/package.json', manifest),
    ...entry('package/index.js', Buffer.from('#!/usr/bin/env node\n')),
  ])
  // Four random bytes per KiB: a period of 1 MiB is far beyond gzip's 32 KiB window.
  const mib = Buffer.alloc(1 << 20)
  for (let i = 0; i < mib.length; i += 1024) mib.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i)
  const body = Buffer.alloc(fileBytes)
  for (let at = 0; at < fileBytes; at += mib.length) mib.copy(body, at)
  const members = [gzipSync(head)]
  for (let i = 0; i < count; i++) members.push(gzipSync(Buffer.concat(entry(`package/data-${i}.bin`, body))))
  members.push(gzipSync(Buffer.alloc(1024)))
  return Buffer.concat(members)
}
