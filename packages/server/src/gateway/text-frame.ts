/**
 * One whole, unmasked WebSocket text frame (RFC 6455 section 5.2) around `payload`, as a server sends it.
 *
 * An event for a channel goes to every member's socket as the same bytes, so it is framed once and each socket's
 * stream is handed the finished frame, instead of each `ws.send` framing it again. Only valid on a connection
 * with no extension negotiated: an extension (permessage-deflate) changes the frame per connection.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  // FIN, opcode 1 (text).
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
