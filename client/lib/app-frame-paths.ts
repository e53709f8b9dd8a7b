/**
 * The signed-in screens, drawn inside the app's frame (header, side menu) while they load;
 * anything else (the public screens, a 404) is not. Read by the React loading frame and by
 * the first-paint script, which picks the static shell of index.html before any JavaScript
 * of the app has arrived.
 */
export const APP_FRAME_PATHS = /^\/(settings|admin(\/.*)?)?$/;
