export {};
//# sourceMappingURL=config-types.js.map