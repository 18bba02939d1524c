// Async boundary: Module Federation negotiates the shared singletons (React,
// styled-components, react-intl, platform, ui) before any of them runs.
import('./bootstrap');
