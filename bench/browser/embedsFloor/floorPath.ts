/** Where the preview serves the frame floor's loader and bare page: outside anything the site's build holds. */
export const FLOOR_PATH = '/bench-floor/'
