# Sourced by the kernel build scripts: the compiler, through ccache when it is
# installed, set up so that every clone of this repository shares the cache.
cc=gcc
if command -v ccache >/dev/null; then
	cc="ccache gcc"
	# absolute paths under the clone become relative ones in the hash
	export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
	# kbuild adds -fmacro-prefix-map=<absolute source path>/=, which only
	# makes __FILE__ relative: the object is the same from any clone
	export CCACHE_IGNOREOPTIONS='-fmacro-prefix-map=*'
fi
