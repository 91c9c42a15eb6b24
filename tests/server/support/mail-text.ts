/**
 * A received message as a person reads it: nodemailer writes non-ASCII text quoted-printable
 * (soft line breaks, =XX bytes); this undoes that for the single-part messages Storey sends.
 */
export const mailText = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
