// The package entry: the same lifecycles the shell loads as the remote module './app'.
export { bootstrap, mount, unmount } from './app.tsx';
