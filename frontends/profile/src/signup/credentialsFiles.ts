/** The text a player keeps: brand, site, login and password. */
export function credentialsText(brand: string, site: string, login: string, password: string): string {
  return `${brand}\n${site}\n\nLogin: ${login}\nPassword: ${password}\n`;
}

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function saveAsFile(text: string, name = 'credentials.txt'): void {
  download(new Blob([text], { type: 'text/plain;charset=utf-8' }), name);
}

/** Draws the lines on a canvas and downloads it as a PNG. */
export function saveAsImage(lines: string[], name = 'credentials.png'): Promise<void> {
  const scale = 2;
  const width = 520;
  const lineHeight = 34;
  const canvas = document.createElement('canvas');
  canvas.width = width * scale;
  canvas.height = (lines.length * lineHeight + 48) * scale;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('canvas unavailable'));
  ctx.scale(scale, scale);
  ctx.fillStyle = '#11131a';
  ctx.fillRect(0, 0, width, canvas.height / scale);
  ctx.fillStyle = '#f5f6fa';
  lines.forEach((line, i) => {
    ctx.font = i === 0 ? 'bold 22px sans-serif' : '18px monospace';
    ctx.fillText(line, 24, 40 + i * lineHeight);
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => {
      if (!blob) return reject(new Error('canvas export failed'));
      download(blob, name);
      resolve();
    }, 'image/png'),
  );
}
