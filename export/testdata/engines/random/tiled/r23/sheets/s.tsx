<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="1" tileheight="45" tilecount="1" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="28" y="17" width="1" height="45">
  <properties>
   <property name="pivot" value="1.9999999798505574,829.2072145224464"/>
   <property name="turn" type="int" value="180"/>
   <property name="sprite" value="r23/sheets/s/0"/>
  </properties>
  <image source="../../../../art/r23/sheets/s.png"/>
 </tile>
</tileset>
