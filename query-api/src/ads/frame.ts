/**
 * A network ad's own page (`GET /ads/{id}/frame`), which its slot shows in a sandboxed iframe.
 * The embed code is the network's HTML and scripts, run as they are: what keeps them from the
 * site is the sandbox. The page carries it in its own Content-Security-Policy (`sandbox`, never
 * `allow-same-origin`), so even opened on its own it runs in an opaque origin: it can read
 * neither the member's token nor cookies, and cannot move the top page. An iframe's `srcdoc`
 * would not do: it inherits the site's policy, which would block the network's scripts.
 */
import { AD_SIZE_MESSAGE, adParams } from '@cinefold/contracts';
import { bytes, type Endpoint, endpoint, notFound } from '@cinefold/platform';
import { readAd } from '@cinefold/read-models';
import type { Redis } from 'ioredis';

export const AD_FRAME_POLICY =
  "sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox; frame-ancestors 'self'";

const frameSchemas = { params: adParams };

/**
 * Tells the slot the unit's size (the farthest right and bottom edge of what the embed code drew),
 * as it changes, so the slot shows the whole unit at its size, centred, whatever format the network
 * sends. The only thing the page says to its parent; the slot checks the message came from its frame.
 */
const sizeReport =
  "addEventListener('DOMContentLoaded',function(){var b=document.body,last='';" +
  'function send(){var w=0,h=0,all=b.getElementsByTagName("*");' +
  'for(var i=0;i<all.length;i++){var r=all[i].getBoundingClientRect();' +
  'if(r.width&&r.height){w=Math.max(w,r.right);h=Math.max(h,r.bottom)}}' +
  "w=Math.ceil(w);h=Math.ceil(h);if(w>0&&h>0&&w+'x'+h!==last){last=w+'x'+h;" +
  `parent.postMessage({type:'${AD_SIZE_MESSAGE}',width:w,height:h},'*')}}` +
  'send();if(window.ResizeObserver)new ResizeObserver(send).observe(b);' +
  'new MutationObserver(send).observe(b,{childList:true,subtree:true,attributes:true});' +
  "addEventListener('load',send)});";

// `color-scheme` is the site's (dark): a frame whose scheme differs from its page's is painted on
// an opaque canvas, a white strip on the dark page, where the network's unit leaves it bare.
const page = (embedCode: string) =>
  '<!doctype html><html><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="color-scheme" content="dark">' +
  '<style>html,body{margin:0;padding:0;overflow:hidden;background:transparent}</style>' +
  `<script>${sizeReport}</script>` +
  `</head><body>${embedCode}</body></html>`;

export function adFrameEndpoint({ redis }: { readonly redis: Redis }): Endpoint {
  return endpoint({
    method: 'GET',
    path: '/api/ads/:id/frame',
    schemas: frameSchemas,
    access: 'anyone',
    handle: async ({ params }) => {
      const ad = await readAd(redis, params.id);
      if (!ad || ad.type !== 'network') throw notFound('Ad not found');
      return {
        ...bytes(Buffer.from(page(ad.embedCode)), 'text/html; charset=utf-8'),
        headers: { 'Content-Security-Policy': AD_FRAME_POLICY },
      };
    },
  });
}
