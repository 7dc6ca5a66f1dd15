#: The package's version (PEP 440), as ``jaxrate --version`` prints it.
__version__ = "0.1.0"
